import type { BrowseCursor, SearchQuery } from '../engine/index.ts';
import type { RawParams } from '../protocol/decode-params.ts';
import type { DeleteByRequest } from '../protocol/parse-delete-by.ts';
import { SearchApiError } from '../protocol/search-api-error.ts';
import type { IndexRegistry } from './index-registry.ts';
import type { LiveIndex } from './live-index.ts';
import { planRecordActions, type RecordWriteLimits } from './record-writes.ts';
import { PlanBuilder, type WritePlan } from './write-plan.ts';

/** Engine pages, never sent to a client: few large ones make few engine calls. */
const pageSize = 100_000;

export interface DeleteByOptions extends RecordWriteLimits {
  /**
   * The request's parameters and filter ANDed with the caller key's forced ones (which narrow what is deleted,
   * never widen it), prepared against the index when the write's turn comes (search/prepare-search.ts, as a
   * browse).
   */
  readonly prepare: (index: LiveIndex, params: RawParams) => SearchQuery;
}

/**
 * Plans `deleteBy`: the records of `indexName` that match the request's filter (ANDed with the key's) when the
 * write's turn comes, deleted as one task through the ordinary record-write path (so replicas follow and the
 * store commits them atomically). A missing index is a no-op.
 * @throws SearchApiError 400 on a replica (its records belong to its primary) or a filter the index cannot
 *   evaluate (an attribute missing from `attributesForFaceting`).
 */
export function planDeleteBy(
  registry: IndexRegistry,
  indexName: string,
  request: DeleteByRequest,
  at: Date,
  options: DeleteByOptions,
): WritePlan<{ deleted: number }> {
  const index = registry.get(indexName);
  if (!index) return new PlanBuilder().build(indexName, { deleted: 0 });
  if (index.primary !== undefined) {
    throw new SearchApiError(
      400,
      `${indexName} is a replica of ${index.primary}: delete the records from the primary index`,
    );
  }
  const query = options.prepare(index, request.params);
  const objectIDs: string[] = [];
  let cursor: BrowseCursor | undefined;
  do {
    const page = index.browse(
      {
        ...query,
        hitsPerPage: pageSize,
        attributesToRetrieve: ['objectID'],
        canSeeUnretrievable: true,
      },
      cursor,
      undefined,
    );
    for (const hit of page.hits) objectIDs.push(hit.record.objectID);
    cursor = page.cursor;
  } while (cursor);
  if (objectIDs.length === 0) return new PlanBuilder().build(indexName, { deleted: 0 });
  const actions = objectIDs.map((objectID, position) => ({
    indexName,
    action: { kind: 'delete' as const, objectID },
    position,
  }));
  const plan = planRecordActions(registry, actions, at, options);
  return { ...plan, result: { deleted: objectIDs.length } };
}
