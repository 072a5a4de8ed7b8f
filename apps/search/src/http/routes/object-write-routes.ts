import type { FastifyInstance, FastifyRequest } from 'fastify';
import { planRecordActions } from '../../indices/record-writes.ts';
import { isJsonObject, type RawParams } from '../../protocol/decode-params.ts';
import {
  type IndexedAction,
  readIndexName,
  readObjectID,
  withObjectID,
} from '../../protocol/parse-batch.ts';
import { readBoolean } from '../../protocol/read-param.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';
import { checkIndex } from '../auth/search-access.ts';
import type { RouteContext } from '../route-context.ts';
import { commitWrite, created, taskAnswer } from '../write-response.ts';

interface ObjectParams {
  indexName: string;
  objectID: string;
}

/**
 * Record writes: save (under the body's objectID, or a generated one), replace, partially update, delete
 * (docs/api.md §2.6).
 */
export function registerObjectWriteRoutes(app: FastifyInstance, context: RouteContext): void {
  const { registry } = context.service;
  const indexing = { bodyLimit: context.limits.indexingBodyBytes };
  const write = (request: FastifyRequest, actions: IndexedAction[]) => {
    for (const { indexName } of actions) checkIndex(request, indexName);
    return commitWrite(context, (at) =>
      planRecordActions(registry, actions, at, { maxRecordBytes: context.limits.maxRecordBytes }),
    );
  };

  app.post<{ Params: { indexName: string } }>(
    '/1/indexes/:indexName',
    { config: { access: 'addObject' }, ...indexing },
    async (request, reply) => {
      const indexName = readIndexName(request.params.indexName);
      const body = recordBody(request.body);
      // A body with an objectID replaces (or adds) that record; only a body without one gets a generated id.
      const given = body['objectID'];
      const objectID =
        given === undefined || given === null
          ? context.generateId()
          : readObjectID(given, undefined);
      const record = withObjectID(body, objectID);
      const done = await write(request, [
        { indexName, action: { kind: 'save', record }, position: undefined },
      ]);
      return created(reply, taskAnswer(done, 'createdAt', { objectID }));
    },
  );

  app.put<{ Params: ObjectParams }>(
    '/1/indexes/:indexName/:objectID',
    { config: { access: 'addObject' }, ...indexing },
    async (request) => {
      const indexName = readIndexName(request.params.indexName);
      const objectID = readObjectID(request.params.objectID, undefined);
      const record = withObjectID(recordBody(request.body), objectID);
      const done = await write(request, [
        { indexName, action: { kind: 'save', record }, position: undefined },
      ]);
      return taskAnswer(done, 'updatedAt', { objectID });
    },
  );

  app.post<{ Params: ObjectParams; Querystring: { createIfNotExists?: string } }>(
    '/1/indexes/:indexName/:objectID/partial',
    { config: { access: 'addObject' }, ...indexing },
    async (request) => {
      const indexName = readIndexName(request.params.indexName);
      const objectID = readObjectID(request.params.objectID, undefined);
      const createIfNotExists =
        request.query.createIfNotExists === undefined
          ? true
          : readBoolean(request.query.createIfNotExists, 'createIfNotExists');
      const update = recordBody(request.body);
      const action = { kind: 'partial', objectID, update, createIfNotExists } as const;
      // No evidence of Algolia's wording for a partial update grown too big: it keeps the batch message.
      const done = await write(request, [{ indexName, action, position: 0 }]);
      return taskAnswer(done, 'updatedAt', { objectID });
    },
  );

  app.delete<{ Params: ObjectParams }>(
    '/1/indexes/:indexName/:objectID',
    { config: { access: 'deleteObject' } },
    async (request) => {
      const indexName = readIndexName(request.params.indexName);
      const objectID = readObjectID(request.params.objectID, undefined);
      const done = await write(request, [
        { indexName, action: { kind: 'delete', objectID }, position: undefined },
      ]);
      return taskAnswer(done, 'deletedAt');
    },
  );
}

function recordBody(body: unknown): RawParams {
  if (!isJsonObject(body)) throw new SearchApiError(400, 'The record must be a JSON object');
  return body;
}
