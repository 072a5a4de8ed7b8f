/**
 * Runs the queries of one search call in slices, giving the event loop back between them, so that a legal but
 * heavy call (50 queries of 1,000 hits each: ~40 MB of JSON) cannot hold the search thread for seconds while every
 * other shopper's search waits behind it (decision 0012). A slice is one step of bounded work: preparing the
 * call's queries, running one query in the engine, serializing a page of `hitsPerSlice` hits, compressing one
 * answer. Other requests run between two slices.
 *
 * One snapshot per call: every answer of a call comes from the same state of the indices. A write applied between
 * two slices moves the registry's `generation`; the call then starts again from the top against the new state
 * (nothing it computed is kept: not sent, not cached, not logged), and after `maxRestarts` restarts it runs to
 * the end without yielding, so that a steady stream of writes cannot starve it. Searches are recorded in the
 * search log only once the answers are final.
 */
import { epochSeconds } from '../protocol/epoch-seconds.ts';
import { formatHit } from '../protocol/format-search-response.ts';
import {
  type Answer,
  answerOf,
  type FormattedOutcome,
  formatOutcome,
  recordSearch,
} from './format-answer.ts';
import { compressFrom } from './gzip-pieces.ts';
import { prepareQueries } from './prepare-search.ts';
import { type QueryOutcome, runQuery, type SkipReason, satisfiesStrategy } from './run-search.ts';
import { elapsedMS, type SearchCall, type SearchContext } from './search-context.ts';

/** Hits serialized in one slice (a 1,000-hit answer takes ten). */
export const hitsPerSlice = 100;

/** Restarts after a write before a call runs to its end without yielding. */
const maxRestarts = 2;

/** The answers of a call, in order, with what the search cache needs to decide whether to keep them. */
export interface CallAnswers {
  readonly answers: readonly Answer[];
  readonly outcomes: readonly QueryOutcome[];
  /** The registry generation every answer was computed at. */
  readonly generation: number;
  /** Whether the time budget cut the call short (its answers are then not cached). */
  readonly overBudget: boolean;
}

/** Gives the event loop back: requests waiting on their sockets are read and answered before the next slice. */
const yieldToOtherRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Answers a call's queries in slices (see the module comment).
 * @throws SearchApiError 404 when an index does not exist, 400 on invalid parameters.
 */
export async function answerInSlices(
  context: SearchContext,
  call: SearchCall,
  startedAt: number,
): Promise<CallAnswers> {
  for (let attempt = 0; ; attempt += 1) {
    const answered = await attemptCall(context, call, attempt < maxRestarts);
    if (!answered) continue;
    const serverTimeMS = Math.round(call.serverElapsed + elapsedMS() - startedAt);
    answered.formatted.forEach((formatted, position) => {
      const outcome = answered.outcomes[position];
      if (formatted.log && outcome)
        recordSearch(
          context,
          outcome.indexName,
          formatted.log,
          formatted.queryID,
          outcome.processingTimeMS,
        );
    });
    const answers = answered.answers.map(({ piece, cached }, position) => {
      const values = answered.formatted[position]?.response ?? {};
      const head = piece.answer.head({ ...values, serverTimeMS });
      return { piece: { head, answer: piece.answer }, cached };
    });
    return {
      answers,
      outcomes: answered.outcomes,
      generation: answered.generation,
      overBudget: answered.overBudget,
    };
  }
}

interface Attempt {
  readonly answers: Answer[];
  readonly formatted: FormattedOutcome[];
  readonly outcomes: QueryOutcome[];
  readonly generation: number;
  readonly overBudget: boolean;
}

/**
 * One run of the call against one state of the indices; `undefined` when a write landed between two slices.
 * With `yieldBetween` false it never yields (so no write can land).
 */
async function attemptCall(
  context: SearchContext,
  call: SearchCall,
  yieldBetween: boolean,
): Promise<Attempt | undefined> {
  const { registry } = context.service;
  const generation = registry.generation;
  const nextSlice = async (): Promise<boolean> => {
    if (yieldBetween) await yieldToOtherRequests();
    return registry.generation === generation;
  };
  // The time budget counts what it always counted, preparing and running the queries, and only this call's
  // own slices of it: not the time other requests ran in between, nor formatting and compressing the answers.
  const preparing = elapsedMS();
  const prepared = prepareQueries(registry, call.requests, {
    constraints: call.constraints,
    nowSeconds: epochSeconds(context.clock()),
  });
  let spentMS = elapsedMS() - preparing;
  if (!(await nextSlice())) return undefined;
  const attempt: Attempt = {
    answers: [],
    formatted: [],
    outcomes: [],
    generation,
    overBudget: false,
  };
  let skip: SkipReason | undefined;
  for (const [position, entry] of call.requests.entries()) {
    const search = prepared[position];
    if (!search) continue;
    if (skip === undefined && spentMS > context.limits.searchTimeBudgetMS) skip = 'timeBudget';
    const running = elapsedMS();
    const outcome = runQuery(registry, entry, search, elapsedMS, skip);
    spentMS += elapsedMS() - running;
    if (satisfiesStrategy(call.strategy, outcome)) skip ??= 'strategy';
    const answer = await answerOutcome(context, call, outcome, nextSlice);
    if (!answer) return undefined;
    attempt.outcomes.push(outcome);
    attempt.formatted.push(answer.formatted);
    attempt.answers.push(answer.answer);
  }
  return { ...attempt, overBudget: skip === 'timeBudget' };
}

/** Formats one outcome, serializing its hits a page per slice and compressing it in a slice of its own. */
async function answerOutcome(
  context: SearchContext,
  call: SearchCall,
  outcome: QueryOutcome,
  nextSlice: () => Promise<boolean>,
): Promise<{ formatted: FormattedOutcome; answer: Answer } | undefined> {
  if (!(await nextSlice())) return undefined;
  const formatted = formatOutcome(context, call.log, outcome, 0);
  const pages: string[] = [];
  for (let start = 0; start < formatted.hits.length; start += hitsPerSlice) {
    if (start > 0 && !(await nextSlice())) return undefined;
    const page = formatted.hits.slice(start, start + hitsPerSlice).map(formatHit);
    pages.push(JSON.stringify(page).slice(1, -1));
  }
  const hitsJson = outcome.type === 'search' ? pages.join(',') : undefined;
  const answer = answerOf(formatted.response, formatted.log, formatted.clickAnalytics, hitsJson);
  if (call.gzip && answer.piece.answer.restLength >= compressFrom) {
    if (!(await nextSlice())) return undefined;
    void answer.piece.answer.deflated;
  }
  return { formatted, answer };
}
