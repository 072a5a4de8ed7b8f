import { z } from 'zod';
import { isLocale } from '../../i18n/locale.ts';
import { ruleDraftSchema } from '../../lib/admin/merchandising-rule.ts';
import { getRuntime } from '../runtime.ts';
import { getAdminRuntime } from './admin-runtime.ts';
import { type ConsoleHandler, ConsoleInputError, queryParam } from './console-http.ts';
import { consoleClients } from './console-search.ts';
import { clearPreview, previewDraft } from './preview-service.ts';
import { deleteRule, listRules, saveRule, setRuleEnabled } from './rules-service.ts';

/** The handlers of `/api/admin/rules`, `/api/admin/rules/[id]` and `/api/admin/preview`. */

const clients = () => consoleClients(getAdminRuntime().consoleAccess());
const ok = (body: unknown, status = 200) => ({
  status,
  headers: { 'cache-control': 'no-store' },
  body,
});

function ruleId(request: Parameters<ConsoleHandler>[0]): string {
  const id = queryParam(request, 'id') ?? '';
  if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(id)) throw new ConsoleInputError('No such rule', 404);
  return id;
}

export const listRulesHandler: ConsoleHandler = async (request) =>
  ok(await listRules(clients().admin, (queryParam(request, 'q') ?? '').slice(0, 100)));

export const saveRuleHandler: ConsoleHandler = async (request, actor) => {
  const draft = ruleDraftSchema.parse(request.body);
  const { admin } = clients();
  const rule = await saveRule(admin, getRuntime().store, draft, actor.name);
  await clearPreview(admin, actor.sessionId);
  return ok({ rule }, draft.objectID ? 200 : 201);
};

const enabledSchema = z.object({ enabled: z.boolean() });

export const toggleRuleHandler: ConsoleHandler = async (request, actor) => {
  const { enabled } = enabledSchema.parse(request.body);
  const rule = await setRuleEnabled(
    clients().admin,
    getRuntime().store,
    ruleId(request),
    enabled,
    actor.name,
  );
  return ok({ rule });
};

export const deleteRuleHandler: ConsoleHandler = async (request, actor) => {
  await deleteRule(clients().admin, getRuntime().store, ruleId(request), actor.name);
  return ok({ deleted: true });
};

const previewSchema = z.object({
  draft: ruleDraftSchema,
  locale: z.string().refine(isLocale, 'en or fr'),
  moment: z.enum(['during', 'now']).default('during'),
});

export const previewHandler: ConsoleHandler = async (request, actor) => {
  const { draft, locale, moment } = previewSchema.parse(request.body);
  if (!isLocale(locale)) throw new ConsoleInputError('locale: en or fr');
  return ok(await previewDraft(clients(), draft, locale, actor.sessionId, { moment }));
};

export const clearPreviewHandler: ConsoleHandler = async (_request, actor) => {
  await clearPreview(clients().admin, actor.sessionId);
  return ok({ cleared: true });
};
