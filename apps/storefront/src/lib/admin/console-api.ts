/** A console API call from the browser: JSON in and out; a refusal throws with the server's message. */
export async function consoleApi<T>(
  path: string,
  options: { readonly method?: string; readonly body?: unknown } = {},
): Promise<T> {
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    credentials: 'same-origin',
  });
  const answer: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const message =
      typeof answer === 'object' && answer !== null && 'message' in answer
        ? String(answer.message)
        : `HTTP ${response.status}`;
    throw new Error(message);
  }
  return answer as T;
}
