import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordTexts } from '../../indices/record-texts.ts';
import { planRecordActions } from '../../indices/record-writes.ts';
import { applySliceMS } from '../../indices/search-service.ts';
import { type IndexedAction, parseBatch, readIndexName } from '../../protocol/parse-batch.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';
import { checkIndex } from '../auth/search-access.ts';
import type { RouteContext } from '../route-context.ts';
import { commitWrite } from '../write-response.ts';

/** `batch` on one index and `multipleBatch` across indices (docs/api.md §2.7): atomic, in order. */
export function registerBatchRoutes(app: FastifyInstance, context: RouteContext): void {
  const run = async (request: FastifyRequest, actions: IndexedAction[]) => {
    for (const { indexName, action } of actions) {
      checkIndex(request, indexName);
      assertActionAllowed(request, action.kind);
    }
    return commitWrite(context, async (at) => {
      // Serialized in slices once the write's turn came: it counts as pending meanwhile (no warm-up runs).
      const texts = await recordTexts(actions, applySliceMS);
      return planRecordActions(
        context.service.registry,
        actions,
        at,
        { maxRecordBytes: context.limits.maxRecordBytes },
        texts,
      );
    });
  };

  app.post<{ Params: { indexName: string } }>(
    '/1/indexes/:indexName/batch',
    { config: { access: 'addObject' }, bodyLimit: context.limits.indexingBodyBytes },
    async (request) => {
      const multiIndex = request.params.indexName === '*';
      const indexName = multiIndex ? undefined : readIndexName(request.params.indexName);
      const actions = parseBatch(request.body, indexName, context.generateId);
      const done = await run(request, actions);
      if (!multiIndex) return { taskID: done.taskID, objectIDs: done.result.objectIDs };
      const taskID = Object.fromEntries(done.result.indexNames.map((name) => [name, done.taskID]));
      return { taskID, objectIDs: done.result.objectIDs };
    },
  );
}

/** Deleting records or indices through a batch needs the matching ACL too. */
function assertActionAllowed(request: FastifyRequest, kind: IndexedAction['action']['kind']): void {
  const auth = request.auth;
  if (!auth || auth.isAdmin) return;
  const needed =
    kind === 'delete'
      ? 'deleteObject'
      : kind === 'clear' || kind === 'deleteIndex'
        ? 'deleteIndex'
        : undefined;
  if (needed && !auth.key.acl.includes(needed)) {
    throw new SearchApiError(403, 'Method not allowed with this API key');
  }
}
