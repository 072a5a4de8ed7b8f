import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../search-index.ts';
import type { SearchQuery, SearchRecord } from '../types.ts';

/**
 * Review of 81d414e (session 8): a plural's singular that no record holds is matched "within its own typo
 * budget" (`addNearForms` in expand-query.ts). The rule-based plurals of plurals.ts produce forms that are not
 * words (French drops the final `s` of any word: `dress` → `dres`, `polos` → `polo`); plurals.ts relies on
 * such a form "simply matching nothing in the index". Since 81d414e these forms reach their typo neighbours,
 * with the first-letter rule on top.
 */
function search(records: SearchRecord[], query: SearchQuery) {
  const index = new SearchIndex({ queryLanguages: ['en', 'fr'] });
  index.saveObjects(records);
  return index.search({ getRankingInfo: true, queryType: 'prefixNone', ...query });
}
const ids = (result: { hits: readonly { record: SearchRecord }[] }) =>
  result.hits.map((hit) => hit.record.objectID);

describe('a singular form no record holds', () => {
  it('does not reach a word with another first letter: "polos" does not find the Bolo watch', () => {
    // `polos` (5 letters) allows one typo; `bolo` is three edits away (drop `s`, first letter counted twice).
    // The shop has no polo: the storefront's "polos" now shows "Bolo Sport Watch" (Luma sample).
    const records = [{ objectID: 'watch', name: 'Bolo Sport Watch' }];
    expect(ids(search(records, { text: 'polos' }))).toEqual([]);
    expect(ids(search(records, { text: 'polos', ignorePlurals: true }))).toEqual([]);
  });

  it('of a word that is not a plural matches nothing more: "dress" finds neither "drew" nor "dries"', () => {
    // French plurals drop the `s` of `dress`: `dres` is no word, and was harmless before 81d414e.
    const records = [
      { objectID: 'dress', name: 'summer dress' },
      { objectID: 'drew', name: 'drew barrymore poster' },
      { objectID: 'dries', name: 'towel that dries quickly' },
    ];
    expect(ids(search(records, { text: 'dress' }))).toEqual(['dress']);
    expect(ids(search(records, { text: 'dress', ignorePlurals: true }))).toEqual(['dress']);
  });
});
