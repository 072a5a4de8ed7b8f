import { throttleKey } from './client-address.ts';

/** Failed sign-ins allowed per client within the window; the next ones are refused until it passes. */
export const maxFailures = 5;
/**
 * Failed sign-ins allowed from all clients together within the window: past it, every sign-in is refused until
 * the window passes, so that guessing from many addresses (or IPv6 networks) stays slow too.
 */
export const maxGlobalFailures = 50;
export const failureWindowMs = 15 * 60 * 1000;

/** Why a sign-in is refused: this client failed too often, or everyone together did. */
export type ThrottleRefusal = 'client' | 'everyone';

/**
 * Counts failed sign-ins per client (its address; an IPv6 client by its /64) and for all clients together, over
 * a sliding window, so the password cannot be guessed at speed. Kept in memory: a restart forgets, which costs
 * an attacker a restart they cannot trigger.
 */
export interface LoginThrottle {
  /** Why this client may not try now, or `undefined` when it may. */
  refusal(client: string, now: number): ThrottleRefusal | undefined;
  recordFailure(client: string, now: number): void;
  /** Forgets the client's failures (not the global count: a success does not end an attack from elsewhere). */
  recordSuccess(client: string): void;
}

export function createLoginThrottle(): LoginThrottle {
  const failures = new Map<string, number[]>();
  let everyone: number[] = [];
  const withinWindow = (times: readonly number[], now: number) =>
    times.filter((time) => now - time < failureWindowMs);
  const recent = (key: string, now: number) => withinWindow(failures.get(key) ?? [], now);
  return {
    refusal: (client, now) => {
      if (recent(throttleKey(client), now).length >= maxFailures) return 'client';
      everyone = withinWindow(everyone, now);
      return everyone.length >= maxGlobalFailures ? 'everyone' : undefined;
    },
    recordFailure: (client, now) => {
      // Forget clients whose failures are all old, so the map does not grow without bound.
      if (failures.size > 10_000) {
        for (const [key, times] of failures)
          if (times.every((time) => now - time >= failureWindowMs)) failures.delete(key);
      }
      const key = throttleKey(client);
      failures.set(key, [...recent(key, now), now]);
      everyone = [...withinWindow(everyone, now), now];
    },
    recordSuccess: (client) => {
      failures.delete(throttleKey(client));
    },
  };
}
