import type { FastifyInstance } from 'fastify';
import { rawReplicas } from '../../indices/index-lifecycle.ts';
import { planSetSettings } from '../../indices/settings-writes.ts';
import { readIndexName } from '../../protocol/parse-batch.ts';
import { readBoolean } from '../../protocol/read-param.ts';
import {
  formatSettings,
  parseReplica,
  parseSettingsUpdate,
  type SettingsDocument,
  type SettingsUpdate,
} from '../../protocol/settings-wire.ts';
import type { RouteContext } from '../route-context.ts';
import { checkIndex } from '../search-responder.ts';
import { commitWrite, taskAnswer } from '../write-response.ts';

interface IndexParams {
  indexName: string;
}
type ForwardQuery = { forwardToReplicas?: string };

/** `GET` / `PUT /1/indexes/{index}/settings`, with `forwardToReplicas` (PROTOCOL.md §2.8, §4). */
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
      const current = registry.get(indexName)?.settings ?? {};
      for (const replica of replicasWritten(current, update, forward)) checkIndex(request, replica);
      const done = await commitWrite(context, (at) =>
        planSetSettings(registry, indexName, update, forward, at),
      );
      return taskAnswer(done, 'updatedAt');
    },
  );
}

/**
 * The other indices a settings write changes: the replicas it links or unlinks (a linked index gets the
 * primary's records) and, with `forwardToReplicas`, every replica it writes settings to. A restricted key must
 * be allowed on each of them, as on the index itself (PROTOCOL.md §1.6, §7.1).
 */
export function replicasWritten(
  current: SettingsDocument,
  update: SettingsUpdate,
  forwardToReplicas: boolean,
): string[] {
  const names = (settings: SettingsDocument) =>
    new Set(rawReplicas(settings).map((entry) => parseReplica(entry).name));
  const before = names(current);
  const after =
    'replicas' in update.set
      ? names(update.set)
      : update.reset.includes('replicas')
        ? new Set<string>()
        : before;
  const written = new Set<string>();
  for (const name of after) if (forwardToReplicas || !before.has(name)) written.add(name);
  for (const name of before) if (!after.has(name)) written.add(name);
  return [...written];
}

function readForward(value: string | undefined): boolean {
  return value === undefined ? false : readBoolean(value, 'forwardToReplicas');
}
