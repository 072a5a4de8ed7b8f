/** Where server modules write what an operator should see; `console` satisfies it. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}
