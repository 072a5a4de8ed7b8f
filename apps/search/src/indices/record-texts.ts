import type { IndexedAction } from '../protocol/parse-batch.ts';
import { runInSlices } from './run-in-slices.ts';

/**
 * Each whole-record save's JSON text, made with the event loop given back whenever `sliceMS` went by (decision
 * 0016): serializing a batch of 1,000 records is ~10–30 ms of the thread, which the plan otherwise spent in one
 * turn with the rest of the plan. The plan measures and stores these texts (`planRecordActions`); other actions
 * (partial updates, deletes) get `undefined`, and the plan serializes what it resolves against the live records.
 */
export async function recordTexts(
  actions: readonly IndexedAction[],
  sliceMS: number,
): Promise<(string | undefined)[]> {
  const texts: (string | undefined)[] = new Array(actions.length);
  await runInSlices(serialize(actions, texts), sliceMS);
  return texts;
}

function* serialize(
  actions: readonly IndexedAction[],
  texts: (string | undefined)[],
): Generator<undefined> {
  for (let i = 0; i < actions.length; i++) {
    const action = actions[i]?.action;
    texts[i] = action?.kind === 'save' ? JSON.stringify(action.record) : undefined;
    yield;
  }
}
