/** Whole seconds since the epoch at `at`, the unit of rules' validity windows and keys' `validUntil`. */
export function epochSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}
