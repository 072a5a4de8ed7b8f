import type { FastifyInstance } from 'fastify';
import type { SearchRecord } from '../../engine/index.ts';
import { projectRecord } from '../../engine/index.ts';
import type { LiveIndex } from '../../indices/live-index.ts';
import { isJsonObject } from '../../protocol/decode-params.ts';
import { epochSeconds } from '../../protocol/epoch-seconds.ts';
import { readIndexName, readObjectID } from '../../protocol/parse-batch.ts';
import { readStringList } from '../../protocol/read-param.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';
import type { StoredSettings } from '../../protocol/settings-wire.ts';
import { recordReadFilter } from '../../search/record-read-filter.ts';
import type { AuthContext } from '../auth/authenticate.ts';
import { checkIndex, constraintsOf } from '../auth/search-access.ts';
import type { RouteContext } from '../route-context.ts';
import { bodyObject } from './search-routes.ts';

interface ObjectParams {
  indexName: string;
  objectID: string;
}

/**
 * Record reads: `getObjects` across indices and `getObject` (docs/api.md §2.6), within what the caller's key
 * lets it search (search/record-read-filter.ts).
 */
export function registerObjectReadRoutes(app: FastifyInstance, context: RouteContext): void {
  const { registry } = context.service;

  app.post<{ Params: { indexName: string } }>(
    '/1/indexes/:indexName/objects',
    { config: { access: 'search' }, bodyLimit: context.limits.searchBodyBytes },
    async (request, reply) => {
      if (request.params.indexName !== '*') return reply.callNotFound();
      const body = bodyObject(request.body);
      if (!Array.isArray(body['requests']))
        throw new SearchApiError(400, 'requests must be an array');
      const constraints = constraintsOf(request);
      const nowSeconds = epochSeconds(context.clock());
      // One read filter per index of the call: the key's filter is prepared once, not per record.
      const readers = new Map<LiveIndex, (objectID: string) => boolean>();
      const mayRead = (index: LiveIndex, objectID: string) => {
        let reader = readers.get(index);
        if (!reader) {
          reader = recordReadFilter(index, constraints, nowSeconds);
          readers.set(index, reader);
        }
        return reader(objectID);
      };
      const results = body['requests'].map((entry: unknown, position) => {
        if (!isJsonObject(entry))
          throw new SearchApiError(400, `requests[${position}] must be an object`);
        const indexName = readIndexName(entry['indexName'], `requests[${position}].indexName`);
        checkIndex(request, indexName);
        const objectID = readObjectID(entry['objectID'], position);
        const index = registry.get(indexName);
        const record = index?.getRecord(objectID);
        return record && index && mayRead(index, objectID)
          ? visibleRecord(request.auth, record, entry['attributesToRetrieve'], index.effective)
          : null;
      });
      return { results };
    },
  );

  app.get<{ Params: ObjectParams; Querystring: { attributesToRetrieve?: string } }>(
    '/1/indexes/:indexName/:objectID',
    { config: { access: 'search' } },
    async (request) => {
      const indexName = readIndexName(request.params.indexName);
      checkIndex(request, indexName);
      const index = registry.get(indexName);
      const { objectID } = request.params;
      const record = index?.getRecord(objectID);
      const nowSeconds = epochSeconds(context.clock());
      // A record the key's filters hide is answered as missing, so its existence does not show either.
      if (
        !record ||
        !index ||
        !recordReadFilter(index, constraintsOf(request), nowSeconds)(objectID)
      )
        throw new SearchApiError(404, 'ObjectID does not exist');
      return visibleRecord(
        request.auth,
        record,
        request.query.attributesToRetrieve,
        index?.effective,
      );
    },
  );
}

/** The record as the caller may see it: `attributesToRetrieve` applied, unretrievable attributes removed. */
function visibleRecord(
  auth: AuthContext | undefined,
  record: SearchRecord,
  attributesToRetrieve: unknown,
  settings: StoredSettings | undefined,
): SearchRecord {
  const attributes =
    attributesToRetrieve === undefined || attributesToRetrieve === null
      ? ['*']
      : readStringList(attributesToRetrieve, 'attributesToRetrieve');
  const seesAll = !auth || auth.isAdmin || auth.key.acl.includes('seeUnretrievableAttributes');
  const unretrievable = seesAll ? [] : (settings?.unretrievableAttributes ?? []);
  return projectRecord(record, attributes, unretrievable);
}
