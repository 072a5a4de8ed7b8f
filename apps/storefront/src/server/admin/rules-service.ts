import { randomBytes } from 'node:crypto';
import type { Algoliasearch, Rule } from 'algoliasearch';
import type { RuleList, RuleListItem } from '../../lib/admin/console-lists.ts';
import {
  changesResults,
  previewContextPrefix,
  type QueryRule,
  type RuleDraft,
  toQueryRule,
} from '../../lib/admin/merchandising-rule.ts';
import { isExpiredPreview } from '../../lib/admin/preview-lifetime.ts';
import { fromQueryRule } from '../../lib/admin/read-query-rule.ts';
import type { AuditLogStore } from '../store/audit-log-store.ts';
import { ConsoleInputError } from './console-http.ts';
import {
  consoleIndex,
  type RecordName,
  recordNames,
  siblingRecords,
  unlessMissing,
} from './console-search.ts';

/**
 * The console's rules, matching `query` (Algolia's rule search: pattern, objectID, description…). Preview
 * rules are left out, and those that have expired (`isExpiredPreview` at `nowMs`) are deleted on the way:
 * every console visit sweeps what sessions that ended badly left behind.
 */
export async function listRules(
  client: Algoliasearch,
  query: string,
  nowMs = Date.now(),
): Promise<RuleList> {
  const found: RuleListItem[] = [];
  const expired: string[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await client.searchRules({
      indexName: consoleIndex,
      searchRulesParams: { query, page, hitsPerPage: 1000 },
    });
    for (const rule of answer.hits) {
      if (isExpiredPreview(rule as QueryRule, nowMs)) expired.push(rule.objectID);
      if (rule.objectID.startsWith(previewContextPrefix)) continue;
      found.push(fromQueryRule(rule as QueryRule));
    }
    if (page + 1 >= answer.nbPages || answer.hits.length === 0) break;
  }
  await deletePreviewRules(client, expired);
  found.sort((a, b) => (a.draft.objectID ?? '').localeCompare(b.draft.objectID ?? ''));
  const ids = found.flatMap(({ draft }) => [
    ...draft.pins.map((pin) => pin.objectID),
    ...draft.hidden,
  ]);
  const names = await recordNames(client, ids);
  return { rules: found.map((item) => withoutPinnedSiblings(item, names)), names };
}

/**
 * The hidden records the merchant chose: those `ruleOfDraft` added to keep a pinned product's other colours
 * out of the page are left out (they come back at the next save).
 */
function withoutPinnedSiblings(
  item: RuleListItem,
  names: Record<string, RecordName>,
): RuleListItem {
  const pinned = new Set(item.draft.pins.map((pin) => names[pin.objectID]?.productId));
  const hidden = item.draft.hidden.filter((id) => !pinned.has(names[id]?.productId));
  return { ...item, draft: { ...item.draft, hidden } };
}

/** Deletes preview rules (not forwarded: previews are written to the index alone), awaiting the last. */
async function deletePreviewRules(
  client: Algoliasearch,
  objectIDs: readonly string[],
): Promise<void> {
  let last: number | undefined;
  for (const objectID of objectIDs) {
    const deleted = await unlessMissing(client.deleteRule({ indexName: consoleIndex, objectID }));
    if (deleted) last = deleted.taskID;
  }
  if (last !== undefined) await client.waitForTask({ indexName: consoleIndex, taskID: last });
}

function currentRule(client: Algoliasearch, objectID: string): Promise<Rule | null> {
  return unlessMissing(client.getRule({ indexName: consoleIndex, objectID }));
}

/** Saves a rule (its hidden records widened to whole products) and waits until searches apply it. */
async function writeRule(client: Algoliasearch, rule: QueryRule): Promise<void> {
  const { taskID } = await client.saveRule({
    indexName: consoleIndex,
    objectID: rule.objectID,
    rule: rule as Rule,
    forwardToReplicas: true,
  });
  await client.waitForTask({ indexName: consoleIndex, taskID });
}

/**
 * The rule a draft saves as. The index holds one record per colour, distinct on the product, and the
 * search service keeps a promoted record's other colours in the list: so a hidden product is hidden in every
 * colour, and a pinned product's other colours are hidden, so it shows once, where it is pinned.
 */
export async function ruleOfDraft(
  client: Algoliasearch,
  draft: RuleDraft,
  objectID: string,
  previewContext?: string,
): Promise<QueryRule> {
  const pinned = draft.pins.map((pin) => pin.objectID);
  const pinnedSiblings = (await siblingRecords(client, pinned)).filter(
    (id) => !pinned.includes(id),
  );
  const hidden = [...new Set([...(await siblingRecords(client, draft.hidden)), ...pinnedSiblings])];
  return toQueryRule({ ...draft, hidden }, objectID, previewContext);
}

export async function saveRule(
  client: Algoliasearch,
  audit: AuditLogStore,
  draft: RuleDraft,
  actor: string,
): Promise<QueryRule> {
  if (draft.objectID?.startsWith(previewContextPrefix)) {
    throw new ConsoleInputError('objectID: this name is kept for the console’s previews');
  }
  const objectID = draft.objectID ?? `console-${randomBytes(6).toString('hex')}`;
  const before = draft.objectID ? await currentRule(client, objectID) : null;
  const rule = await ruleOfDraft(client, draft, objectID);
  if (!changesResults(rule)) {
    throw new ConsoleInputError(
      'This rule changes nothing yet: pin, hide, boost or bury a product, add a banner, a redirect or a filter order',
    );
  }
  await writeRule(client, rule);
  await audit.recordChanges([
    {
      actor,
      subject: 'rule',
      subjectId: objectID,
      action: before ? 'update' : 'create',
      before,
      after: rule,
    },
  ]);
  return rule;
}

export async function setRuleEnabled(
  client: Algoliasearch,
  audit: AuditLogStore,
  objectID: string,
  enabled: boolean,
  actor: string,
): Promise<QueryRule> {
  const before = await currentRule(client, objectID);
  if (!before) throw new ConsoleInputError(`No rule ${objectID}`, 404);
  const rule = { ...(before as QueryRule), enabled };
  await writeRule(client, rule);
  await audit.recordChanges([
    { actor, subject: 'rule', subjectId: objectID, action: 'update', before, after: rule },
  ]);
  return rule;
}

export async function deleteRule(
  client: Algoliasearch,
  audit: AuditLogStore,
  objectID: string,
  actor: string,
): Promise<void> {
  const before = await currentRule(client, objectID);
  if (!before) throw new ConsoleInputError(`No rule ${objectID}`, 404);
  const { taskID } = await client.deleteRule({
    indexName: consoleIndex,
    objectID,
    forwardToReplicas: true,
  });
  await client.waitForTask({ indexName: consoleIndex, taskID });
  await audit.recordChanges([
    { actor, subject: 'rule', subjectId: objectID, action: 'delete', before, after: null },
  ]);
}
