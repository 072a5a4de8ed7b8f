/**
 * A Query Suggestions configuration as Algolia's Query Suggestions API takes it (`POST /1/configs`,
 * `PUT /1/configs/{indexName}`), validated with Zod into the typed `SuggestionsConfig` the builder reads. Every
 * documented field is accepted; defaults are Algolia's. A mistake answers 400 naming the field.
 */
import { z } from 'zod';
import { readIndexName } from '../protocol/parse-batch.ts';
import { SearchApiError } from '../protocol/search-api-error.ts';

/** The bounds below keep one build small: a few sources, facets and seed indices, words to leave out. */
const facetSchema = z.strictObject({
  attribute: z.string().min(1).max(256),
  amount: z.int().min(1).max(100).optional(),
});

const listOf = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max).nullish();

const sourceSchema = z.strictObject({
  indexName: z.string(),
  replicas: z.boolean().optional(),
  analyticsTags: listOf(z.string().min(1).max(200), 10),
  facets: listOf(facetSchema, 10),
  minHits: z.int().min(0).max(1_000_000).optional(),
  minLetters: z.int().min(0).max(100).optional(),
  generate: listOf(z.array(z.string().min(1).max(256)).min(1).max(3), 10),
  external: listOf(z.string(), 10),
});

const configSchema = z.strictObject({
  sourceIndices: z.array(sourceSchema).min(1).max(10),
  languages: z.union([z.array(z.string().regex(/^[a-z]{2,3}$/)).max(20), z.boolean()]).optional(),
  exclude: listOf(z.string().min(1).max(200), 1000),
  enablePersonalization: z.boolean().optional(),
  allowSpecialCharacters: z.boolean().optional(),
  // What `GET /1/configs/{indexName}` answers may be sent back as is.
  indexName: z.string().optional(),
  appID: z.string().optional(),
});

export interface SuggestionsFacet {
  readonly attribute: string;
  readonly amount: number;
}

export interface SuggestionsSource {
  readonly indexName: string;
  readonly replicas: boolean;
  readonly analyticsTags: readonly string[];
  readonly facets: readonly SuggestionsFacet[];
  readonly minHits: number;
  readonly minLetters: number;
  readonly generate: readonly (readonly string[])[];
  readonly external: readonly string[];
}

export interface SuggestionsConfig {
  /** The suggestions index this configuration builds. */
  readonly indexName: string;
  readonly sourceIndices: readonly SuggestionsSource[];
  /** Languages for singular/plural merging and the sources' `queryLanguages`; `true` = English and French. */
  readonly languages: readonly string[] | boolean;
  readonly exclude: readonly string[];
  /** Accepted and kept; the suggestions are not personalised (ARCHITECTURE.md: no personalisation). */
  readonly enablePersonalization: boolean;
  readonly allowSpecialCharacters: boolean;
}

/** Algolia's defaults. */
const defaults = { minHits: 5, minLetters: 4, facetAmount: 5 } as const;

/**
 * Reads a configuration body for `indexName` (from the path, or the body's `indexName` on create).
 * @throws SearchApiError 400 naming the first invalid field.
 */
export function parseSuggestionsConfig(body: unknown, indexName: string): SuggestionsConfig {
  const parsed = configSchema.safeParse(body ?? undefined);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') ?? '';
    throw new SearchApiError(
      400,
      `Invalid configuration: ${path === '' ? '' : `${path}: `}${issue?.message ?? 'not an object'}`,
    );
  }
  const config = parsed.data;
  const sourceIndices = config.sourceIndices.map((source, position) => ({
    indexName: readIndexName(source.indexName, `sourceIndices.${position}.indexName`),
    replicas: source.replicas ?? false,
    analyticsTags: source.analyticsTags ?? [],
    facets: (source.facets ?? []).map((facet) => ({
      attribute: facet.attribute,
      amount: facet.amount ?? defaults.facetAmount,
    })),
    minHits: source.minHits ?? defaults.minHits,
    minLetters: source.minLetters ?? defaults.minLetters,
    generate: source.generate ?? [],
    external: (source.external ?? []).map((name, at) =>
      readIndexName(name, `sourceIndices.${position}.external.${at}`),
    ),
  }));
  if (sourceIndices.some((source) => source.indexName === indexName))
    throw new SearchApiError(400, 'A Query Suggestions index cannot be its own source index');
  return {
    indexName,
    sourceIndices,
    languages: config.languages ?? [],
    exclude: config.exclude ?? [],
    enablePersonalization: config.enablePersonalization ?? false,
    allowSpecialCharacters: config.allowSpecialCharacters ?? false,
  };
}

/** The configuration as `GET /1/configs/{indexName}` answers it. */
export function formatSuggestionsConfig(
  config: SuggestionsConfig,
  appID: string | undefined,
): Record<string, unknown> {
  return {
    ...(appID === undefined ? {} : { appID }),
    indexName: config.indexName,
    sourceIndices: config.sourceIndices.map((source) => ({
      indexName: source.indexName,
      replicas: source.replicas,
      analyticsTags: source.analyticsTags,
      facets: source.facets,
      minHits: source.minHits,
      minLetters: source.minLetters,
      generate: source.generate,
      external: source.external,
    })),
    languages: config.languages,
    exclude: config.exclude,
    enablePersonalization: config.enablePersonalization,
    allowSpecialCharacters: config.allowSpecialCharacters,
  };
}

/** The languages whose plural forms are merged and which the sources are searched in. */
export function languagesOf(config: SuggestionsConfig): readonly string[] {
  if (config.languages === true) return ['en', 'fr'];
  if (config.languages === false) return [];
  return config.languages;
}
