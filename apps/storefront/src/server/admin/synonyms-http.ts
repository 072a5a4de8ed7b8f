import { z } from 'zod';
import { synonymDraftSchema, synonymLanguages } from '../../lib/admin/synonym-entry.ts';
import { getRuntime } from '../runtime.ts';
import { getAdminRuntime } from './admin-runtime.ts';
import { type ConsoleHandler, ConsoleInputError, queryParam } from './console-http.ts';
import { consoleClients } from './console-search.ts';
import {
  deleteSynonym,
  exportSynonyms,
  importSynonyms,
  listSynonyms,
  saveSynonym,
} from './synonyms-service.ts';

/** The handlers of `/api/admin/synonyms`, `/api/admin/synonyms/[id]`, `…/export` and `…/import`. */

const admin = () => consoleClients(getAdminRuntime().consoleAccess()).admin;
const ok = (body: unknown, status = 200, headers: Record<string, string> = {}) => ({
  status,
  headers: { 'cache-control': 'no-store', ...headers },
  body,
});

export const listSynonymsHandler: ConsoleHandler = async (request) => {
  const language = z
    .enum(synonymLanguages)
    .optional()
    .parse(queryParam(request, 'lang') || undefined);
  const query = (queryParam(request, 'q') ?? '').slice(0, 100);
  return ok({ synonyms: await listSynonyms(admin(), query, language) });
};

export const saveSynonymHandler: ConsoleHandler = async (request, actor) => {
  const draft = synonymDraftSchema.parse(request.body);
  const synonym = await saveSynonym(admin(), getRuntime().store, draft, actor.name);
  return ok({ synonym }, draft.objectID ? 200 : 201);
};

export const deleteSynonymHandler: ConsoleHandler = async (request, actor) => {
  const id = queryParam(request, 'id') ?? '';
  if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(id)) throw new ConsoleInputError('No such synonym', 404);
  await deleteSynonym(admin(), getRuntime().store, id, actor.name);
  return ok({ deleted: true });
};

export const exportSynonymsHandler: ConsoleHandler = async () =>
  ok(await exportSynonyms(admin()), 200, {
    'content-disposition': 'attachment; filename="synonyms.json"',
  });

const importSchema = z.object({ synonyms: z.unknown(), replace: z.boolean().default(false) });

export const importSynonymsHandler: ConsoleHandler = async (request, actor) => {
  const { synonyms, replace } = importSchema.parse(request.body);
  return ok(await importSynonyms(admin(), getRuntime().store, synonyms, replace, actor.name));
};
