import type { FastifyInstance } from 'fastify';
import { planDeleteBy } from '../../indices/delete-by.ts';
import {
  type CopyScope,
  planClear,
  planCopy,
  planDelete,
  planMove,
} from '../../indices/index-operations.ts';
import { epochSeconds } from '../../protocol/epoch-seconds.ts';
import { formatIndexList, parseListPage } from '../../protocol/format-index-list.ts';
import { readIndexName } from '../../protocol/parse-batch.ts';
import { parseDeleteBy } from '../../protocol/parse-delete-by.ts';
import { readEnum, readStringList } from '../../protocol/read-param.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';
import { replicaList } from '../../protocol/settings-wire.ts';
import { prepareSearch } from '../../search/prepare-search.ts';
import { isIndexAllowed } from '../auth/authenticate.ts';
import { checkIndex, constraintsOf } from '../auth/search-access.ts';
import type { RouteContext } from '../route-context.ts';
import { commitWrite, taskAnswer } from '../write-response.ts';
import { bodyObject } from './search-routes.ts';

interface IndexParams {
  indexName: string;
}

/** Clear, deleteBy, delete, copy/move, task status and the index list (docs/api.md §2.6, §2.8). */
export function registerIndexRoutes(app: FastifyInstance, context: RouteContext): void {
  const { registry } = context.service;

  app.post<{ Params: IndexParams }>(
    '/1/indexes/:indexName/clear',
    { config: { access: 'deleteIndex' } },
    async (request) => {
      const indexName = readIndexName(request.params.indexName);
      checkIndex(request, indexName);
      return taskAnswer(
        await commitWrite(context, (at) => planClear(registry, indexName, at)),
        'updatedAt',
      );
    },
  );

  app.post<{ Params: IndexParams }>(
    '/1/indexes/:indexName/deleteByQuery',
    { config: { access: 'deleteIndex' }, bodyLimit: context.limits.searchBodyBytes },
    async (request) => {
      const indexName = readIndexName(request.params.indexName);
      checkIndex(request, indexName);
      const deleteBy = parseDeleteBy(request.body ?? {});
      const constraints = constraintsOf(request);
      const done = await commitWrite(context, (at) =>
        planDeleteBy(registry, indexName, deleteBy, at, {
          prepare: (index, params) =>
            prepareSearch(index, params, {
              constraints,
              nowSeconds: epochSeconds(at),
              browse: true,
            }).query,
          maxRecordBytes: context.limits.maxRecordBytes,
        }),
      );
      return taskAnswer(done, 'updatedAt');
    },
  );

  app.delete<{ Params: IndexParams }>(
    '/1/indexes/:indexName',
    { config: { access: 'deleteIndex' } },
    async (request) => {
      const indexName = readIndexName(request.params.indexName);
      checkIndex(request, indexName);
      return taskAnswer(
        await commitWrite(context, (at) => planDelete(registry, indexName, at)),
        'deletedAt',
      );
    },
  );

  app.post<{ Params: IndexParams }>(
    '/1/indexes/:indexName/operation',
    { config: { access: 'addObject' } },
    async (request) => {
      const source = readIndexName(request.params.indexName);
      const body = bodyObject(request.body);
      const operation = readEnum(body['operation'], 'operation', ['copy', 'move']);
      const destination = readIndexName(body['destination'], 'destination');
      checkIndex(request, source);
      checkIndex(request, destination);
      const scope = readScope(body['scope']);
      const done = await commitWrite(context, (at) =>
        operation === 'copy'
          ? planCopy(registry, source, destination, scope, at)
          : planMove(registry, source, destination, at),
      );
      return taskAnswer(done, 'updatedAt');
    },
  );

  registerTaskAndListRoutes(app, context);
}

/** Task status (per index and app-wide) and the index list. */
function registerTaskAndListRoutes(app: FastifyInstance, context: RouteContext): void {
  const { registry } = context.service;
  const taskStatus = async (taskIDText: string) => {
    const taskID = Number(taskIDText);
    if (!(await context.service.hasTask(taskID)))
      throw new SearchApiError(404, 'Task does not exist');
    return { status: 'published', pendingTask: false };
  };

  // Task ids are global: the index in the path is not checked (replaceAllObjects relies on it).
  app.get<{ Params: IndexParams & { taskID: string } }>(
    '/1/indexes/:indexName/task/:taskID',
    { config: { access: 'addObject' } },
    async (request) => taskStatus(request.params.taskID),
  );

  // `getAppTask` / `waitForAppTask` (v5): the same global task ids, without an index.
  app.get<{ Params: { taskID: string } }>(
    '/1/task/:taskID',
    { config: { access: 'addObject' } },
    async (request) => taskStatus(request.params.taskID),
  );

  app.get<{ Querystring: { page?: string; hitsPerPage?: string } }>(
    '/1/indexes',
    { config: { access: 'listIndexes' } },
    async (request) => {
      const page = parseListPage(request.query);
      const visible = registry
        .list()
        .filter((index) => !request.auth || isIndexAllowed(request.auth, index.name))
        .map((index) => ({
          name: index.name,
          createdAt: index.createdAt,
          updatedAt: index.updatedAt,
          entries: index.recordCount,
          dataSize: index.dataSize,
          fileSize: index.fileSize,
          lastBuildMS: index.lastBuildMS,
          primary: index.primary,
          replicas: replicaList(index.settings),
          virtual: registry.isVirtualReplica(index),
        }));
      return formatIndexList(visible, page);
    },
  );
}

function readScope(value: unknown): CopyScope[] | undefined {
  if (value === undefined || value === null) return undefined;
  return readStringList(value, 'scope').map((entry) =>
    readEnum(entry, 'scope', ['settings', 'synonyms', 'rules']),
  );
}
