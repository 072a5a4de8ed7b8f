/**
 * Whether a request path names no page anyone could have written: a `%` escape that is malformed (`%ZZ`, a
 * lone `%`) or decodes to bytes that are not UTF-8 (`%E0%A4%A`, `%C0%AF`, a surrogate), or a control
 * character once decoded (`%00`: the database refuses NUL in a text parameter). Next would answer the first
 * kind with its own untranslated 400 page and pass the second to the page's data function; the storefront
 * answers both with its localized 404 (API routes: a JSON 400).
 */
export function isUnreadablePath(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch (error) {
    if (error instanceof URIError) return true;
    throw error;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for.
  return /[\u0000-\u001f\u007f]/.test(decoded);
}
