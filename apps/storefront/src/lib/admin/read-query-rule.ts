import {
  boostAttributes,
  type FilterEffect,
  orderableFacets,
  type QueryRule,
  type RuleDraft,
  type RuleTrigger,
} from './merchandising-rule.ts';

/**
 * Reads a saved query rule into the console's draft. Whatever the console does not edit (other consequence
 * parameters, several conditions, tags) stays in `extra` and is written back unchanged; `editable` is false
 * when the rule's trigger is one the console cannot show (no condition, several, a context): the list then
 * shows it in words only.
 */
export function fromQueryRule(rule: QueryRule): { draft: RuleDraft; editable: boolean } {
  const {
    objectID,
    description,
    enabled,
    conditions,
    consequence: rawConsequence,
    validity,
    ...otherFields
  } = rule;
  const consequence = { ...(rawConsequence ?? {}) };
  const { promote, hide, userData, params: rawParams, ...otherConsequence } = consequence;
  const params = { ...record(rawParams) };
  const { optionalFilters, renderingContent: rawRendering, ...otherParams } = params;
  const rendering = record(rawRendering);
  const { facetOrdering, redirect, ...otherRendering } = rendering;
  if (Object.keys(otherRendering).length > 0) otherParams['renderingContent'] = otherRendering;
  const trigger = readTrigger(conditions ?? []);
  const effects = readOptionalFilters(optionalFilters);
  const draft: RuleDraft = {
    objectID,
    description: typeof description === 'string' ? description : '',
    trigger: trigger ?? { kind: 'query', query: '', anchoring: 'is' },
    enabled: enabled !== false,
    pins: readPins(promote),
    hidden: Array.isArray(hide)
      ? hide.flatMap((item) => {
          const id = record(item)['objectID'];
          return typeof id === 'string' ? [id] : [];
        })
      : [],
    boosts: effects.boosts,
    buries: effects.buries,
    banner: readBanner(userData),
    validity: readValidity(validity),
    redirect: typeof record(redirect)['url'] === 'string' ? String(record(redirect)['url']) : '',
    facetOrder: readFacetOrder(facetOrdering),
    extra: {
      rule: trigger ? otherFields : { ...otherFields, conditions },
      consequence: otherConsequence,
      params:
        effects.unread.length > 0
          ? { ...otherParams, optionalFilters: effects.unread }
          : otherParams,
    },
  };
  return { draft, editable: trigger !== undefined };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function readTrigger(conditions: readonly Record<string, unknown>[]): RuleTrigger | undefined {
  if (conditions.length !== 1) return undefined;
  const [condition = {}] = conditions;
  if (condition['context'] !== undefined) return undefined;
  const { pattern, anchoring, filters } = condition;
  if (typeof pattern === 'string' && pattern !== '' && filters === undefined) {
    const known = ['is', 'startsWith', 'endsWith', 'contains'] as const;
    const anchor = known.find((value) => value === anchoring) ?? 'is';
    return { kind: 'query', query: pattern, anchoring: anchor };
  }
  const match =
    typeof filters === 'string' && pattern === undefined
      ? /^hierarchicalCategories\.lvl\d:(.+)$/.exec(filters)
      : null;
  return match?.[1] ? { kind: 'category', category: match[1].replace(/^"|"$/g, '') } : undefined;
}

function readPins(promote: unknown): RuleDraft['pins'] {
  if (!Array.isArray(promote)) return [];
  return promote.flatMap((item) => {
    const { objectID, objectIDs, position } = record(item);
    if (typeof position !== 'number') return [];
    if (typeof objectID === 'string') return [{ objectID, position }];
    if (!Array.isArray(objectIDs)) return [];
    return objectIDs
      .filter((id): id is string => typeof id === 'string')
      .map((id, offset) => ({ objectID: id, position: position + offset }));
  });
}

function readOptionalFilters(value: unknown): {
  boosts: FilterEffect[];
  buries: FilterEffect[];
  unread: unknown[];
} {
  const items = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  const boosts: FilterEffect[] = [];
  const buries: FilterEffect[] = [];
  const unread: unknown[] = [];
  for (const item of items) {
    const match = typeof item === 'string' ? /^([^:<]+):(-?)([^<]+)$/.exec(item) : null;
    const attribute = boostAttributes.find((known) => known === match?.[1]);
    if (!match || !attribute || !match[3]) {
      unread.push(item);
      continue;
    }
    (match[2] === '-' ? buries : boosts).push({ attribute, value: match[3] });
  }
  return { boosts, buries, unread };
}

function readBanner(userData: unknown): RuleDraft['banner'] {
  const data = record(userData);
  if (Object.keys(data).length === 0) return null;
  const texts = (key: string) => {
    const value = data[key];
    if (typeof value === 'string') return { en: value, fr: value };
    const byLanguage = record(value);
    const read = (language: string) =>
      typeof byLanguage[language] === 'string' ? String(byLanguage[language]) : '';
    return { en: read('en'), fr: read('fr') };
  };
  const link = data['link'];
  return {
    title: texts('title'),
    text: texts('text'),
    linkText: texts('linkText'),
    link: typeof link === 'string' ? link : '',
    image: typeof data['image'] === 'string' ? data['image'] : '',
  };
}

function readValidity(validity: unknown): RuleDraft['validity'] {
  if (!Array.isArray(validity) || validity.length === 0) return null;
  const { from, until } = record(validity[0]);
  if (typeof from !== 'number' || typeof until !== 'number') return null;
  const local = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 16);
  return { from: local(from), until: local(until) };
}

function readFacetOrder(facetOrdering: unknown): RuleDraft['facetOrder'] {
  const order = record(record(facetOrdering)['facets'])['order'];
  if (!Array.isArray(order)) return [];
  return order.flatMap((facet) => {
    const known = orderableFacets.find((value) => value === facet);
    return known ? [known] : [];
  });
}
