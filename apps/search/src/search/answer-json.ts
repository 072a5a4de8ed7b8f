/**
 * A search answer serialized once, with its per-call fields apart: the search cache keeps this JSON and a repeated
 * call only writes its own `processingTimeMS`, `serverTimeMS` and `queryID` in front of it, instead of
 * serializing the whole answer (hits, facets: 10–20 kB) again. Every search answer goes out this way, cached or
 * not, so both paths send the same bytes but for those three fields. The rest is also kept compressed once asked
 * for (gzip-pieces.ts), so a repeated answer is not compressed again either.
 */
import { type DeflatedText, deflateText, inflateText } from './gzip-pieces.ts';

/** How an answer with its hits left out opens. */
const emptyHitsOpening = '{"hits":[]';

/** The fields that differ from one call to the next. */
const perCallFields = ['processingTimeMS', 'serverTimeMS', 'queryID'] as const;

type PerCallField = (typeof perCallFields)[number];

/** This call's values of the per-call fields. */
export type PerCallValues = Readonly<Partial<Record<PerCallField, number | string>>>;

export class AnswerJson {
  /** The per-call fields the answer has (each call gives its own values). */
  readonly fields: readonly PerCallField[];
  /** Length of `rest` in characters. */
  readonly restLength: number;
  #rest: string | undefined;
  #deflated: DeflatedText | undefined;

  /**
   * Serializes an answer, setting its per-call fields apart. `hitsJson`, when given, is the answer's hits
   * already serialized (`{…},{…}`, without the brackets; serialized a page at a time by the caller) and goes in
   * place of the response's `hits`, which must then be its first field and empty (or absent when
   * `responseFields` left it out).
   */
  constructor(response: Readonly<Record<string, unknown>>, hitsJson?: string) {
    const rest: Record<string, unknown> = {};
    const fields: PerCallField[] = [];
    for (const [name, value] of Object.entries(response)) {
      if ((perCallFields as readonly string[]).includes(name)) fields.push(name as PerCallField);
      else rest[name] = value;
    }
    this.fields = fields;
    let text = JSON.stringify(rest);
    if (hitsJson !== undefined && 'hits' in rest) {
      if (!text.startsWith(emptyHitsOpening))
        throw new Error('Serialized hits need an empty hits field first in the answer');
      text = `{"hits":[${hitsJson}${text.slice(emptyHitsOpening.length - 1)}`;
    }
    this.#rest = text.slice(1);
    this.restLength = this.#rest.length;
  }

  /** The rest of the answer as JSON, without its opening brace: `"hits":[…],…}` (or `}` when nothing else). */
  get rest(): string {
    return this.#rest ?? inflateText(this.deflated);
  }

  /** `rest` compressed (on first use, then kept). */
  get deflated(): DeflatedText {
    this.#deflated ??= deflateText(this.#rest ?? '');
    return this.#deflated;
  }

  /**
   * Keeps only the compressed form (what the search cache holds: ~1 kB instead of the 5–20 kB text; a client
   * without gzip gets the text inflated again).
   */
  compact(): this {
    void this.deflated;
    this.#rest = undefined;
    return this;
  }

  /**
   * The opening of the answer with this call's per-call values: `{"processingTimeMS":3,…,` (a field the answer
   * does not have, or without a value here, stays out); `rest` follows it.
   */
  head(values: PerCallValues): string {
    let head = '{';
    for (const field of this.fields) {
      const value = values[field];
      if (value === undefined) continue;
      head += `${JSON.stringify(field)}:${JSON.stringify(value)},`;
    }
    return this.restLength === 1 && head.length > 1 ? head.slice(0, -1) : head;
  }
}
