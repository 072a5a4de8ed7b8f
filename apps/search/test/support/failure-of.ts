/** What a client call that should fail threw: its status and message (`status` undefined if the call succeeded). */
export async function failureOf(
  call: Promise<unknown>,
): Promise<{ status: number | undefined; message: string }> {
  return call.then(
    () => ({ status: undefined, message: 'the call succeeded' }),
    (caught: { status?: number; message?: string }) => ({
      status: caught.status,
      message: caught.message ?? '',
    }),
  );
}
