import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The judged queries of `fixtures/judged-queries.json` and how a ranked list of hits is scored against them:
 * success@5 (something the shopper expects is among the first five hits) and the reciprocal rank of the
 * first relevant hit. A query judged `none` succeeds when the search finds nothing.
 */

const oneOrMore = z.union([z.string(), z.array(z.string()).nonempty()]);

const judgedQuerySchema = z
  .object({
    q: z.string().min(1),
    lang: z.enum(['en', 'fr']),
    type: z.enum([
      'exact',
      'prefix',
      'typo',
      'plural',
      'french',
      'multi-word',
      'category',
      'material',
      'synonym',
      'nonsense',
    ]),
    products: z.array(z.string()).nonempty().optional(),
    category: oneOrMore.optional(),
    gender: z.string().optional(),
    color: z.string().optional(),
    material: oneOrMore.optional(),
    style: z.string().optional(),
    activity: z.string().optional(),
    none: z.literal(true).optional(),
    /** `held-out`: judged after the settings were tuned, to show how the tuning generalises. */
    set: z.literal('held-out').optional(),
  })
  .strict()
  .refine(
    (query) =>
      [query.products, query.category, query.style, query.material, query.none].some(
        (value) => value !== undefined,
      ),
    { message: 'a judged query names products, a category, a style, a material or none' },
  );

export type JudgedQuery = z.infer<typeof judgedQuerySchema>;
export type QueryType = JudgedQuery['type'];

/** The fields of a search hit the judgement reads (a `products` record, as the service returns it). */
export interface JudgedHit {
  readonly productId: string;
  readonly categories: readonly string[];
  readonly hierarchicalCategories: { readonly [level: string]: readonly string[] | undefined };
  readonly gender: readonly string[];
  readonly colors: readonly string[];
  readonly material: readonly string[];
  readonly style: readonly string[];
  readonly activity: readonly string[];
}

export interface QueryOutcome {
  readonly query: JudgedQuery;
  /** 1-based rank of the first relevant hit among those returned; null when none is relevant. */
  readonly firstRelevantRank: number | null;
  readonly success: boolean;
  readonly reciprocalRank: number;
  readonly totalHits: number;
  /** The first five hits as `productId name`, for the report. */
  readonly top: readonly string[];
}

export function loadJudgedQueries(): JudgedQuery[] {
  const file = new URL('../fixtures/judged-queries.json', import.meta.url);
  const parsed = z
    .object({ about: z.string(), queries: z.array(judgedQuerySchema) })
    .parse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.queries;
}

const list = (value: string | readonly string[] | undefined) =>
  value === undefined ? undefined : typeof value === 'string' ? [value] : value;

/** Whether a hit is one the shopper expects: one of the named products, or fits every stated property. */
export function isRelevant(query: JudgedQuery, hit: JudgedHit): boolean {
  if (query.products) return query.products.includes(hit.productId);
  const levels = Object.values(hit.hierarchicalCategories).flatMap((values) => values ?? []);
  const categoryNames = new Set([
    ...hit.categories,
    ...levels,
    ...levels.flatMap((path) => path.split(' > ')),
  ]);
  const checks: [readonly string[] | undefined, (value: string) => boolean][] = [
    [list(query.category), (value) => categoryNames.has(value)],
    [list(query.material), (value) => hit.material.includes(value)],
    [list(query.gender), (value) => hit.gender.includes(value)],
    [list(query.color), (value) => hit.colors.includes(value)],
    [list(query.style), (value) => hit.style.includes(value)],
    [list(query.activity), (value) => hit.activity.includes(value)],
  ];
  return checks.every(([wanted, has]) => wanted === undefined || wanted.some(has));
}

export function judge(
  query: JudgedQuery,
  hits: readonly (JudgedHit & { readonly name: string })[],
  totalHits: number,
): QueryOutcome {
  const top = hits.slice(0, 5).map((hit) => `${hit.productId} ${hit.name}`);
  if (query.none) {
    const success = totalHits === 0;
    return {
      query,
      firstRelevantRank: null,
      success,
      reciprocalRank: success ? 1 : 0,
      totalHits,
      top,
    };
  }
  const index = hits.findIndex((hit) => isRelevant(query, hit));
  const firstRelevantRank = index === -1 ? null : index + 1;
  return {
    query,
    firstRelevantRank,
    success: firstRelevantRank !== null && firstRelevantRank <= 5,
    reciprocalRank: firstRelevantRank === null ? 0 : 1 / firstRelevantRank,
    totalHits,
    top,
  };
}

export interface GroupScore {
  readonly group: string;
  readonly queries: number;
  readonly successAt5: number;
  readonly mrr: number;
}

export function score(group: string, outcomes: readonly QueryOutcome[]): GroupScore {
  const count = outcomes.length;
  const sum = (pick: (outcome: QueryOutcome) => number) =>
    outcomes.reduce((total, outcome) => total + pick(outcome), 0);
  return {
    group,
    queries: count,
    successAt5: count === 0 ? 0 : sum((outcome) => (outcome.success ? 1 : 0)) / count,
    mrr: count === 0 ? 0 : sum((outcome) => outcome.reciprocalRank) / count,
  };
}

/** One line per query type, one per language and the total, as a console table. */
export function report(outcomes: readonly QueryOutcome[]): string {
  const groups = new Map<string, QueryOutcome[]>();
  const add = (key: string, outcome: QueryOutcome) =>
    groups.set(key, [...(groups.get(key) ?? []), outcome]);
  for (const outcome of outcomes) {
    add(`type ${outcome.query.type}`, outcome);
    add(`lang ${outcome.query.lang}`, outcome);
    add(`set ${outcome.query.set ?? 'tuning'}`, outcome);
  }
  const rows = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, members]) => score(group, members));
  rows.push(score('all', outcomes));
  const line = (row: GroupScore) =>
    `${row.group.padEnd(18)} ${String(row.queries).padStart(4)}  ${(row.successAt5 * 100).toFixed(1).padStart(6)}%  ${row.mrr.toFixed(3)}`;
  const failures = outcomes
    .filter((outcome) => !outcome.success)
    .map(
      (outcome) =>
        `  ✗ [${outcome.query.type}/${outcome.query.lang}${outcome.query.set ? '/held-out' : ''}] "${outcome.query.q}" rank ${outcome.firstRelevantRank ?? '-'} of ${outcome.totalHits}: ${outcome.top.join(' | ') || '(nothing)'}`,
    );
  const late = outcomes
    .filter((outcome) => outcome.firstRelevantRank !== null && outcome.firstRelevantRank > 1)
    .map(
      (outcome) =>
        `  ~ [${outcome.query.type}/${outcome.query.lang}] "${outcome.query.q}" rank ${outcome.firstRelevantRank}: ${outcome.top.join(' | ')}`,
    );
  return [
    `${'group'.padEnd(18)} ${'n'.padStart(4)}  ${'succ@5'.padStart(7)}  MRR`,
    ...rows.map(line),
    `failures (${failures.length}):`,
    ...failures,
    `found, but not first (${late.length}):`,
    ...late,
  ].join('\n');
}
