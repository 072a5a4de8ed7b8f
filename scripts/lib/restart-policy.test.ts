import { describe, expect, it } from 'vitest';
import {
  type CrashHistory,
  defaultRestartPolicy,
  noCrashes,
  planRestart,
  type RestartPlan,
} from './restart-policy.ts';

const second = 1_000;
const minute = 60 * second;

/** Crashes at the given times (ms), each run started `ranFor` ms before its crash; every plan in order. */
function crashesAt(times: readonly number[], ranFor = second): RestartPlan[] {
  let history: CrashHistory = noCrashes;
  return times.map((crashedAt) => {
    const plan = planRestart(history, { startedAt: crashedAt - ranFor, crashedAt });
    history = plan.history;
    return plan;
  });
}

describe('the restart policy of npm start', () => {
  it('waits 1 s before the first restart, doubles the wait at each crash in a row, up to 30 s', () => {
    const plans = crashesAt([0, 1, 2, 3, 4, 5, 6, 7].map((n) => n * 10 * minute));
    expect(plans.map((plan) => plan.delayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(plans.map((plan) => plan.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('starts again from 1 s after a process that ran for a minute before it crashed', () => {
    let history = crashesAt([0, 2 * second, 5 * second]).at(-1)?.history ?? noCrashes;
    const plan = planRestart(history, { startedAt: 10 * second, crashedAt: 10 * second + minute });
    expect(plan).toMatchObject({ attempt: 1, delayMs: 1_000 });
    history = plan.history;
    expect(planRestart(history, { startedAt: 71 * second, crashedAt: 72 * second })).toMatchObject({
      attempt: 2,
      delayMs: 2_000,
    });
  });

  it('announces a crash loop once, at the fifth crash within five minutes', () => {
    const plans = crashesAt([0, 10, 20, 30, 40, 50, 60].map((s) => s * second));
    expect(plans.map((plan) => plan.announceCrashLoop)).toEqual([
      false,
      false,
      false,
      false,
      true,
      false,
      false,
    ]);
    expect(plans[4]?.crashesInWindow).toBe(5);
    expect(defaultRestartPolicy.crashLoopCrashes).toBe(5);
  });

  it('does not count crashes older than five minutes towards a crash loop', () => {
    const plans = crashesAt([0, 1, 2, 3, 5.5, 6.5, 7, 7.2].map((m) => m * minute + 1));
    expect(plans.map((plan) => plan.crashesInWindow)).toEqual([1, 2, 3, 4, 4, 4, 4, 5]);
    expect(plans.map((plan) => plan.announceCrashLoop)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('announces a crash loop again once the crashes of the last five minutes had fallen below five', () => {
    const plans = crashesAt([0, 1, 2, 3, 4, 5, 400, 401, 402, 403, 404].map((s) => s * second));
    expect(plans.map((plan) => plan.announceCrashLoop)).toEqual([
      false,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });
});
