/** A logger that keeps what it was told, for assertions. */
export function recordingLogger() {
  const lines: { level: 'info' | 'warn' | 'error'; message: string }[] = [];
  return {
    lines,
    info: (message: string) => void lines.push({ level: 'info', message }),
    warn: (message: string) => void lines.push({ level: 'warn', message }),
    error: (message: string, error?: unknown) =>
      void lines.push({
        level: 'error',
        message: `${message}${error instanceof Error ? `: ${error.message}` : ''}`,
      }),
  };
}
