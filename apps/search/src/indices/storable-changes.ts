import { assertStorable, isStorableJson, unstorableError } from '../protocol/assert-storable.ts';
import type { StoreChange } from '../store/search-store.ts';

/**
 * Checks that a write's changes can be stored (no NUL character, no unpaired surrogate: `assert-storable.ts`).
 * An entry whose JSON text the planner already made (`StoredEntry.json`, a record's size check) is checked on
 * that text instead of walked: a batch of records is checked without visiting each of its values.
 * @throws SearchApiError 400 when one cannot.
 */
export function assertStorableChanges(changes: readonly StoreChange[], where: string): void {
  for (const change of changes) {
    if (change.kind !== 'putEntries') {
      assertStorable(change, where);
      continue;
    }
    assertStorable(change.index, where);
    for (const entry of change.values) {
      if (entry.json === undefined) assertStorable(entry, where);
      else if (!isStorableJson(entry.body, entry.json)) throw unstorableError(where);
    }
  }
}
