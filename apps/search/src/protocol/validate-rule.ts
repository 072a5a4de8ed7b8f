/**
 * Rule JSON from `POST …/rules/batch` and `PUT …/rules/{objectID}` → our `Rule`, with Algolia's limits
 * (docs/api.md §2.9, §8). Lives in `protocol/` because it reads wire JSON and the filter grammar.
 */
import {
  type Anchoring,
  anchorings,
  type Rule,
  type RuleCondition,
  type ValidityRange,
} from '../engine/index.ts';
import {
  type JsonObject,
  optional,
  readArray,
  readBoolean,
  readObject,
  readString,
} from './read-rule-json.ts';
import { conditionFilterKeys } from './rule-condition-filters.ts';
import { SearchApiError } from './search-api-error.ts';
import { readConsequence } from './validate-rule-consequence.ts';

/** Algolia's cap on conditions per rule. */
export const maxRuleConditions = 25;

/**
 * Checks one rule and returns it typed, keeping only the fields we know (consequence `params` are kept whole).
 * The legacy single `condition` is read as `conditions: [condition]`.
 *
 * `{ "objectID": "r1", "conditions": [{ "pattern": "TV", "anchoring": "contains" }], "consequence":
 * { "params": { "filters": "category:TV" } }, "enabled": true }` → the same rule as a `Rule`;
 * `{ "objectID": "r1", "conditions": [{ "pattern": "tv", "anchoring": "near" }], … }` → 400
 * `rule.conditions[0].anchoring must be one of is, startsWith, endsWith, contains`.
 *
 * Limits: ≤ 25 conditions; `pattern` and `anchoring` together; condition `filters` without OR or numeric
 * filters; ≤ 300 promoted records (groups ≤ 100, positions 0–300, unique per rule); ≤ 50 hidden records;
 * `userData` ≤ 1,024 bytes of JSON; the consequence ≤ 100 KiB; validity `from` ≤ `until`.
 * @param input - the parsed JSON body (or one item of a batch).
 * @param where - how error messages name it; defaults to `rule` (`rules[3]` for a batch item).
 * @throws SearchApiError 400 naming the field and what was expected.
 */
export function validateRule(input: unknown, where = 'rule'): Rule {
  const json = readObject(input, where);
  const { condition, conditions: conditionList, consequence, objectID: id } = json;
  const objectID = readString(id, `${where}.objectID`);
  if (objectID === '') throw new SearchApiError(400, `${where}.objectID must not be empty`);
  const conditions = conditionList ?? (condition === undefined ? undefined : [condition]);
  return {
    objectID,
    ...(conditions === undefined
      ? {}
      : { conditions: readConditions(conditions, `${where}.conditions`) }),
    consequence: readConsequence(consequence, `${where}.consequence`),
    ...optional(json, 'enabled', readBoolean, where),
    ...optional(json, 'validity', readValidity, where),
    ...optional(json, 'description', readString, where),
    ...optional(json, 'tags', readStrings, where),
  };
}

/**
 * Checks a batch of rules (`POST …/rules/batch` body): an array of rules, each checked by `validateRule` and
 * named `rules[i]` in errors. `[{ "objectID": "r1", … }]` → `[Rule]`.
 * @param input - the parsed JSON body.
 */
export function validateRules(input: unknown): Rule[] {
  return readArray(input, 'rules').map((item, index) => validateRule(item, `rules[${index}]`));
}

function readConditions(value: unknown, where: string): RuleCondition[] {
  return readArray(value, where, maxRuleConditions).map((item, index) =>
    readCondition(readObject(item, `${where}[${index}]`), `${where}[${index}]`),
  );
}

function readCondition(json: JsonObject, where: string): RuleCondition {
  const condition: RuleCondition = {
    ...optional(json, 'pattern', readString, where),
    ...optional(json, 'anchoring', readAnchoring, where),
    ...optional(json, 'alternatives', readBoolean, where),
    ...optional(json, 'context', readString, where),
    ...optional(json, 'filters', readString, where),
  };
  if ((condition.pattern === undefined) !== (condition.anchoring === undefined)) {
    throw new SearchApiError(400, `${where}: pattern and anchoring must be set together`);
  }
  if (condition.filters !== undefined) conditionFilterKeys(condition.filters, `${where}.filters`);
  return condition;
}

function readAnchoring(value: unknown, where: string): Anchoring {
  const anchoring = anchorings.find((candidate) => candidate === value);
  if (anchoring === undefined) {
    throw new SearchApiError(400, `${where} must be one of ${anchorings.join(', ')}`);
  }
  return anchoring;
}

function readValidity(value: unknown, where: string): ValidityRange[] {
  return readArray(value, where).map((item, index) => {
    const { from: rawFrom, until: rawUntil } = readObject(item, `${where}[${index}]`);
    const from = readTimestamp(rawFrom, `${where}[${index}].from`);
    const until = readTimestamp(rawUntil, `${where}[${index}].until`);
    if (from > until)
      throw new SearchApiError(400, `${where}[${index}]: from must not be after until`);
    return { from, until };
  });
}

function readTimestamp(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new SearchApiError(400, `${where} must be a unix timestamp in seconds`);
  }
  return value;
}

function readStrings(value: unknown, where: string): string[] {
  return readArray(value, where).map((item, index) => readString(item, `${where}[${index}]`));
}
