import { expect, it } from 'vitest';
import type { SearchIndex } from '../../src/engine/index.ts';
import { failureMessage, unmet } from './judge-hits.ts';
import type { JudgedQuery } from './judged-queries.ts';
import { searchLuma } from './luma-search.ts';

/**
 * One test per judged query, searched on `index` as the search page searches: fails with the query, what was
 * expected and the actual top 5. A query whose failure is the engine's (`engineIssue`) is a todo carrying its
 * diagnosis until the engine is fixed.
 */
export function judgeEach(queries: readonly JudgedQuery[], index: SearchIndex): void {
  for (const judged of queries) {
    const title = `${judged.kind} (${judged.lang}): "${judged.query}"`;
    if (judged.engineIssue) {
      it.todo(`${title} — engine: ${judged.engineIssue}`);
      continue;
    }
    it(title, () => {
      const { hits, totalHits } = searchLuma(index, judged.query);
      const failures = judged.expect.flatMap((expectation) => {
        const problem = unmet(expectation, hits, totalHits);
        return problem === null ? [] : [problem];
      });
      if (failures.length > 0) expect.fail(failureMessage(judged, failures, hits, totalHits));
    });
  }
}
