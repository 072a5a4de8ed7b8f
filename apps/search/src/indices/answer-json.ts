/**
 * A search answer serialized once, with its per-call fields apart: the search cache keeps this JSON and a repeated
 * call only writes its own `processingTimeMS`, `serverTimeMS` and `queryID` in front of it, instead of
 * serializing the whole answer (hits, facets: 10–20 kB) again. Every search answer goes out this way, cached or
 * not, so both paths send the same bytes but for those three fields.
 */

/** The fields that differ from one call to the next. */
const perCallFields = ['processingTimeMS', 'serverTimeMS', 'queryID'] as const;

type PerCallField = (typeof perCallFields)[number];

export interface AnswerJson {
  /** The per-call fields the answer has (each call gives its own values). */
  readonly fields: readonly PerCallField[];
  /** The rest of the answer as JSON, without its opening brace: `"hits":[…],…}` (or `}` when nothing else). */
  readonly rest: string;
}

/** Serializes an answer, setting its per-call fields apart. */
export function toAnswerJson(response: Readonly<Record<string, unknown>>): AnswerJson {
  const rest: Record<string, unknown> = {};
  const fields: PerCallField[] = [];
  for (const [name, value] of Object.entries(response)) {
    if ((perCallFields as readonly string[]).includes(name)) fields.push(name as PerCallField);
    else rest[name] = value;
  }
  return { fields, rest: JSON.stringify(rest).slice(1) };
}

/** This call's values of the per-call fields. */
export type PerCallValues = Readonly<Partial<Record<PerCallField, number | string>>>;

/** The answer's JSON with this call's per-call values (a field the answer does not have stays out). */
export function answerJsonWith(answer: AnswerJson, values: PerCallValues): string {
  let head = '{';
  for (const field of answer.fields) {
    const value = values[field];
    if (value === undefined) continue;
    head += `${JSON.stringify(field)}:${JSON.stringify(value)},`;
  }
  if (answer.rest === '}' && head.length > 1) head = head.slice(0, -1);
  return head + answer.rest;
}
