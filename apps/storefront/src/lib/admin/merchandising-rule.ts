import { z } from 'zod';
import { safeLinkSchema } from './safe-link.ts';

// Zod's first parse would otherwise probe `Function("")`, which the pages' CSP refuses (see checkout-form.ts).
z.config({ jitless: true });

/**
 * A merchandising rule as the console edits it: one query (or a category page), what it does to the results,
 * and when. `toQueryRule` turns it into an Algolia query rule; `fromQueryRule` reads one back (rules saved
 * elsewhere included: what the console cannot edit is kept as `extra`, untouched).
 */

const objectIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'letters, digits, ".", ":", "_" or "-" (at most 100)');

/** Facets a merchant may boost or bury by (the record attributes of `search-settings.ts`'s facets). */
export const boostAttributes = [
  'brand',
  'colors',
  'material',
  'activity',
  'gender',
  'hierarchicalCategories.lvl0',
  'hierarchicalCategories.lvl1',
  'hierarchicalCategories.lvl2',
  'eco',
  'sale',
  'new',
  'inStock',
] as const;

/** Facets whose order a rule may set on the shop's filter panel (`renderingContent.facetOrdering`). */
export const orderableFacets = [
  'hierarchicalCategories.lvl0',
  'colors',
  'sizes',
  'material',
  'activity',
  'gender',
  'price',
  'rating',
  'eco',
  'sale',
  'new',
] as const;

const perLanguage = (max: number) =>
  z.object({ en: z.string().trim().max(max), fr: z.string().trim().max(max) });

export const bannerSchema = z
  .object({
    title: perLanguage(120),
    text: perLanguage(400),
    linkText: perLanguage(60),
    link: z.union([safeLinkSchema, z.literal('')]),
    image: z.union([safeLinkSchema, z.literal('')]),
  })
  .refine((banner) => banner.title.en !== '' || banner.title.fr !== '' || banner.image !== '', {
    message: 'A banner needs a title (in at least one language) or an image',
    path: ['title', 'en'],
  });

const filterEffect = z.object({
  attribute: z.enum(boostAttributes),
  value: z
    .string()
    .trim()
    .min(1, 'name a value')
    .max(100)
    .refine((value) => !/["\\]/.test(value), 'a value cannot hold " or \\'),
});

/** ISO dates (`YYYY-MM-DDTHH:mm`, UTC) from which and until which the rule applies. */
const validitySchema = z
  .object({ from: z.iso.datetime({ local: true }), until: z.iso.datetime({ local: true }) })
  .refine((range) => Date.parse(`${range.from}Z`) < Date.parse(`${range.until}Z`), {
    message: 'The end must come after the start',
    path: ['until'],
  });

export const ruleDraftSchema = z.object({
  objectID: objectIdSchema.optional(),
  description: z.string().trim().max(200).default(''),
  trigger: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('query'),
      query: z.string().trim().min(1, 'type the search this rule is for').max(100),
      anchoring: z.enum(['is', 'startsWith', 'endsWith', 'contains']).default('is'),
    }),
    z.object({
      kind: z.literal('category'),
      /** `Men > Tops > Jackets` (the `hierarchicalCategories` value of the page). */
      category: z.string().trim().min(1, 'choose a category').max(200),
    }),
  ]),
  enabled: z.boolean().default(true),
  pins: z
    .array(z.object({ objectID: objectIdSchema, position: z.int().min(0).max(99) }))
    .max(50)
    .default([]),
  hidden: z.array(objectIdSchema).max(50).default([]),
  boosts: z.array(filterEffect).max(20).default([]),
  buries: z.array(filterEffect).max(20).default([]),
  banner: bannerSchema.nullable().default(null),
  validity: validitySchema.nullable().default(null),
  redirect: z.union([safeLinkSchema, z.literal('')]).default(''),
  facetOrder: z.array(z.enum(orderableFacets)).max(orderableFacets.length).default([]),
  /** What a rule saved elsewhere holds that the console does not edit, written back as it was. */
  extra: z
    .object({
      rule: z.record(z.string(), z.unknown()).default({}),
      consequence: z.record(z.string(), z.unknown()).default({}),
      params: z.record(z.string(), z.unknown()).default({}),
    })
    .default({ rule: {}, consequence: {}, params: {} }),
});

export type RuleDraft = z.output<typeof ruleDraftSchema>;
export type RuleTrigger = RuleDraft['trigger'];
export type BannerDraft = z.output<typeof bannerSchema>;
export type FilterEffect = z.output<typeof filterEffect>;

/** The Algolia query rule, as the official client's `Rule` type has it (the parts the console writes). */
export interface QueryRule {
  objectID: string;
  description?: string;
  enabled?: boolean;
  conditions?: Record<string, unknown>[];
  consequence?: Record<string, unknown>;
  validity?: { from: number; until: number }[];
  [key: string]: unknown;
}

/** Rules the console makes for its previews carry this `ruleContexts` value (`preview-<session>`). */
export const previewContextPrefix = 'console-preview-';

/** The refinement a category page applies (InstantSearch's hierarchical menu, as a `facetFilters` item). */
export function categoryFilter(category: string): string {
  const level = category.split(' > ').length - 1;
  return `hierarchicalCategories.lvl${level}:${category}`;
}

/** The same refinement in the `filters` syntax of a rule's condition (the value quoted: it holds spaces). */
function categoryCondition(category: string): string {
  const level = category.split(' > ').length - 1;
  return `hierarchicalCategories.lvl${level}:${JSON.stringify(category)}`;
}

/** `{attribute, value}` → `attribute:value` (`attribute:-value` to bury). */
function optionalFilter(effect: FilterEffect, bury: boolean): string {
  return `${effect.attribute}:${bury ? '-' : ''}${effect.value}`;
}

/**
 * The query rule a draft saves as. `previewContext` adds a `ruleContexts` condition that only the console's
 * preview sends (and drops the validity, so the preview shows the rule as it will look while it applies).
 */
export function toQueryRule(
  draft: RuleDraft,
  objectID: string,
  previewContext?: string,
): QueryRule {
  const condition: Record<string, unknown> =
    draft.trigger.kind === 'query'
      ? { pattern: draft.trigger.query, anchoring: draft.trigger.anchoring }
      : { filters: categoryCondition(draft.trigger.category) };
  if (previewContext) condition['context'] = previewContext;
  const params: Record<string, unknown> = { ...draft.extra.params };
  const optionalFilters = [
    ...draft.boosts.map((effect) => optionalFilter(effect, false)),
    ...draft.buries.map((effect) => optionalFilter(effect, true)),
  ];
  if (optionalFilters.length > 0) params['optionalFilters'] = optionalFilters;
  const renderingContent: Record<string, unknown> = {};
  if (draft.facetOrder.length > 0) {
    renderingContent['facetOrdering'] = { facets: { order: draft.facetOrder } };
  }
  if (draft.redirect) renderingContent['redirect'] = { url: draft.redirect };
  if (Object.keys(renderingContent).length > 0) params['renderingContent'] = renderingContent;
  const consequence: Record<string, unknown> = { ...draft.extra.consequence };
  if (Object.keys(params).length > 0) consequence['params'] = params;
  if (draft.pins.length > 0) {
    consequence['promote'] = [...draft.pins]
      .sort((a, b) => a.position - b.position)
      .map((pin) => ({ objectID: pin.objectID, position: pin.position }));
  }
  if (draft.hidden.length > 0) consequence['hide'] = draft.hidden.map((id) => ({ objectID: id }));
  if (draft.banner) consequence['userData'] = bannerUserData(draft.banner);
  const rule: QueryRule = {
    ...draft.extra.rule,
    objectID,
    conditions: [condition],
    consequence,
    enabled: previewContext ? true : draft.enabled,
  };
  if (draft.description) rule.description = draft.description;
  else delete rule.description;
  if (draft.validity && !previewContext) rule.validity = [toValidity(draft.validity)];
  else delete rule.validity;
  return rule;
}

/** Whether a rule does anything (the search service refuses a consequence with nothing in it). */
export function changesResults(rule: QueryRule): boolean {
  return Object.keys(rule.consequence ?? {}).length > 0;
}

/** The shop's banner `userData` (read by `lib/search/rule-banners.ts`): texts per language, empty ones left out. */
function bannerUserData(banner: BannerDraft): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const key of ['title', 'text', 'linkText'] as const) {
    const texts = Object.fromEntries(
      Object.entries(banner[key]).filter(([, value]) => value !== ''),
    );
    if (Object.keys(texts).length > 0) data[key] = texts;
  }
  if (banner.link) data['link'] = banner.link;
  if (banner.image) data['image'] = banner.image;
  return data;
}

function toValidity(range: { from: string; until: string }) {
  return {
    from: Math.floor(Date.parse(`${range.from}Z`) / 1000),
    until: Math.floor(Date.parse(`${range.until}Z`) / 1000),
  };
}
