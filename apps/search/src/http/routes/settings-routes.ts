import type { FastifyInstance } from 'fastify';
import { planSetSettings, replicasWritten } from '../../indices/settings-writes.ts';
import { readIndexName } from '../../protocol/parse-batch.ts';
import { readBoolean } from '../../protocol/read-param.ts';
import { formatSettings, parseSettingsUpdate } from '../../protocol/settings-wire.ts';
import { checkIndex } from '../auth/search-access.ts';
import type { RouteContext } from '../route-context.ts';
import { commitWrite, taskAnswer } from '../write-response.ts';

interface IndexParams {
  indexName: string;
}
type ForwardQuery = { forwardToReplicas?: string };

/** `GET` / `PUT /1/indexes/{index}/settings`, with `forwardToReplicas` (docs/api.md §2.8, §4). */
export function registerSettingsRoutes(app: FastifyInstance, context: RouteContext): void {
  const { registry } = context.service;

  app.get<{ Params: IndexParams }>(
    '/1/indexes/:indexName/settings',
    { config: { access: 'settings' } },
    async (request) => {
      const indexName = readIndexName(request.params.indexName);
      checkIndex(request, indexName);
      return formatSettings(registry.require(indexName).effectiveSettings);
    },
  );

  app.put<{ Params: IndexParams; Querystring: ForwardQuery }>(
    '/1/indexes/:indexName/settings',
    { config: { access: 'editSettings' } },
    async (request) => {
      const indexName = readIndexName(request.params.indexName);
      checkIndex(request, indexName);
      const update = parseSettingsUpdate(request.body);
      const forward = readForward(request.query.forwardToReplicas);
      // The other indices the write changes (replicas linked, unlinked or forwarded to) are read when the
      // write runs, after every write queued before it: a replica linked meanwhile is checked too.
      const done = await commitWrite(context, (at) => {
        const current = registry.get(indexName)?.settings ?? {};
        for (const replica of replicasWritten(current, update, forward))
          checkIndex(request, replica);
        return planSetSettings(registry, indexName, update, forward, at);
      });
      return taskAnswer(done, 'updatedAt');
    },
  );
}

function readForward(value: string | undefined): boolean {
  return value === undefined ? false : readBoolean(value, 'forwardToReplicas');
}
