/**
 * When `npm start` restarts a process that crashed: a pure function of the crash history, so the policy is
 * tested without processes or clocks (the supervisor, `supervisor.ts`, does the waiting and the spawning).
 *
 * The policy never gives up. A crashing search service leaves the storefront serving its pages (home,
 * products, cart, checkout; the listings say search is unavailable), so stopping the whole stack after N
 * crashes would turn a partial outage into a full one, and a request that crashes the search service could
 * then take the shop down by being sent N times. Instead the delay grows to a cap, and a crash loop is
 * announced loudly once, saying what to look at.
 */
export interface RestartPolicy {
  /** Wait before the first restart; each further crash in a row doubles it. */
  readonly firstDelayMs: number;
  /** The longest wait between two restarts. */
  readonly maxDelayMs: number;
  /** A process that ran this long before it crashed starts again from the first delay. */
  readonly stableAfterMs: number;
  /** This many crashes within `crashLoopWindowMs` are a crash loop (announced once). */
  readonly crashLoopCrashes: number;
  readonly crashLoopWindowMs: number;
}

export const defaultRestartPolicy: RestartPolicy = {
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  stableAfterMs: 60_000,
  crashLoopCrashes: 5,
  crashLoopWindowMs: 5 * 60_000,
};

/** What the supervisor remembers of a process's crashes. */
export interface CrashHistory {
  /** Crashes in a row, each after a run shorter than `stableAfterMs` (0: none yet). */
  readonly crashesInARow: number;
  /** When the crashes of the last `crashLoopWindowMs` happened (ms). */
  readonly recentCrashes: readonly number[];
  /** The last crash made a crash loop (it was announced; the next loop is announced again). */
  readonly inCrashLoop: boolean;
}

export const noCrashes: CrashHistory = { crashesInARow: 0, recentCrashes: [], inCrashLoop: false };

export interface RestartPlan {
  /** Which restart in a row this is (1 for the first after a stable run). */
  readonly attempt: number;
  readonly delayMs: number;
  /** Crashes within the crash-loop window, this one included. */
  readonly crashesInWindow: number;
  /** This crash starts a crash loop: say so once, with what to look at. */
  readonly announceCrashLoop: boolean;
  readonly history: CrashHistory;
}

/**
 * Plans the restart after a crash.
 * @param run - when the crashed process was started and when it exited (ms, same clock).
 */
export function planRestart(
  history: CrashHistory,
  run: { readonly startedAt: number; readonly crashedAt: number },
  policy: RestartPolicy = defaultRestartPolicy,
): RestartPlan {
  const stable = run.crashedAt - run.startedAt >= policy.stableAfterMs;
  const attempt = stable ? 1 : history.crashesInARow + 1;
  const delayMs = Math.min(policy.firstDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
  const windowStart = run.crashedAt - policy.crashLoopWindowMs;
  const recentCrashes = [...history.recentCrashes.filter((at) => at > windowStart), run.crashedAt];
  const looping = recentCrashes.length >= policy.crashLoopCrashes;
  return {
    attempt,
    delayMs,
    crashesInWindow: recentCrashes.length,
    announceCrashLoop: looping && !history.inCrashLoop,
    history: { crashesInARow: attempt, recentCrashes, inCrashLoop: looping },
  };
}
