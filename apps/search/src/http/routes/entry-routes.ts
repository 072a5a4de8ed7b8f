import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Page } from '../../engine/index.ts';
import {
  type EntryAccess,
  planClearEntries,
  planDeleteEntry,
  planSaveEntries,
} from '../../indices/entry-writes.ts';
import type { LiveIndex } from '../../indices/live-index.ts';
import type { RawParams } from '../../protocol/decode-params.ts';
import { readIndexName } from '../../protocol/parse-batch.ts';
import { readBoolean } from '../../protocol/read-param.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';
import { checkIndex } from '../auth/search-access.ts';
import type { RouteContext } from '../route-context.ts';
import { commitWrite, taskAnswer } from '../write-response.ts';
import { bodyObject } from './search-routes.ts';

/** What differs between the synonym and the rule endpoints. */
export interface EntryRouteSpec<TEntry extends { readonly objectID: string }> {
  /** Path segment: `synonyms` or `rules`. */
  readonly segment: 'synonyms' | 'rules';
  readonly access: EntryAccess<TEntry>;
  /** Query parameter that replaces every entry in a batch save. */
  readonly replaceParam: 'replaceExistingSynonyms' | 'clearExistingRules';
  /** Key of the id in the `PUT` answer (`id` for synonyms, `objectID` for rules). */
  readonly savedIdField: 'id' | 'objectID';
  readonly notFoundMessage: string;
  validateOne(input: unknown): TEntry;
  validateMany(input: unknown): TEntry[];
  search(
    entries: readonly TEntry[],
    body: RawParams,
  ): Page<TEntry> & { extra?: Record<string, unknown> };
}

type EntryQuery = {
  forwardToReplicas?: string;
  replaceExistingSynonyms?: string;
  clearExistingRules?: string;
};
interface EntryParams {
  indexName: string;
  objectID: string;
}

/** Batch save, save one, get, delete, clear and search for synonyms or rules (docs/api.md §2.9). */
export function registerEntryRoutes<TEntry extends { readonly objectID: string }>(
  app: FastifyInstance,
  context: RouteContext,
  spec: EntryRouteSpec<TEntry>,
): void {
  const { registry } = context.service;
  const base = `/1/indexes/:indexName/${spec.segment}`;
  const target = (request: FastifyRequest<{ Params: { indexName: string } }>) => {
    const indexName = readIndexName(request.params.indexName);
    checkIndex(request, indexName);
    return indexName;
  };
  const forward = (query: EntryQuery) => readFlag(query.forwardToReplicas, 'forwardToReplicas');

  app.post<{ Params: { indexName: string }; Querystring: EntryQuery }>(
    `${base}/batch`,
    { config: { access: 'editSettings' }, bodyLimit: context.limits.indexingBodyBytes },
    async (request) => {
      const indexName = target(request);
      const entries = spec.validateMany(request.body);
      const options = {
        forwardToReplicas: forward(request.query),
        replaceExisting: readFlag(request.query[spec.replaceParam], spec.replaceParam),
      };
      const done = await commitWrite(context, (at) =>
        planSaveEntries(registry, spec.access, indexName, entries, options, at),
      );
      return taskAnswer(done, 'updatedAt');
    },
  );

  app.post<{ Params: { indexName: string }; Querystring: EntryQuery }>(
    `${base}/clear`,
    { config: { access: 'editSettings' } },
    async (request) => {
      const indexName = target(request);
      const done = await commitWrite(context, (at) =>
        planClearEntries(registry, spec.access, indexName, forward(request.query), at),
      );
      return taskAnswer(done, 'updatedAt');
    },
  );

  app.post<{ Params: { indexName: string } }>(
    `${base}/search`,
    { config: { access: 'settings' } },
    async (request) => {
      const index = registry.require(target(request));
      const { extra, ...page } = spec.search(
        [...spec.access.read(index).values()],
        bodyObject(request.body),
      );
      return {
        hits: page.hits,
        nbHits: page.totalHits,
        page: page.page,
        nbPages: page.pageCount,
        ...extra,
      };
    },
  );

  app.get<{ Params: EntryParams }>(
    `${base}/:objectID`,
    { config: { access: 'settings' } },
    async (request) => {
      const entry = findEntry(registry.get(target(request)), spec, request.params.objectID);
      if (!entry) throw new SearchApiError(404, spec.notFoundMessage);
      return entry;
    },
  );

  app.put<{ Params: EntryParams; Querystring: EntryQuery }>(
    `${base}/:objectID`,
    { config: { access: 'editSettings' } },
    async (request) => {
      const indexName = target(request);
      const entry = spec.validateOne({
        ...bodyObject(request.body),
        objectID: request.params.objectID,
      });
      const options = { forwardToReplicas: forward(request.query), replaceExisting: false };
      const done = await commitWrite(context, (at) =>
        planSaveEntries(registry, spec.access, indexName, [entry], options, at),
      );
      return taskAnswer(done, 'updatedAt', { [spec.savedIdField]: entry.objectID });
    },
  );

  app.delete<{ Params: EntryParams; Querystring: EntryQuery }>(
    `${base}/:objectID`,
    { config: { access: 'editSettings' } },
    async (request) => {
      const indexName = target(request);
      const { objectID } = request.params;
      const done = await commitWrite(context, (at) =>
        planDeleteEntry(registry, spec.access, indexName, objectID, forward(request.query), at),
      );
      return taskAnswer(done, 'deletedAt');
    },
  );
}

function findEntry<TEntry extends { readonly objectID: string }>(
  index: LiveIndex | undefined,
  spec: EntryRouteSpec<TEntry>,
  objectID: string,
): TEntry | undefined {
  return index ? spec.access.read(index).get(objectID) : undefined;
}

function readFlag(value: string | undefined, name: string): boolean {
  return value === undefined ? false : readBoolean(value, name);
}
