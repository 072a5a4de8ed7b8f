/**
 * JSON with object keys sorted at every depth: equal values always give equal text. Stored content hashes
 * are made of it, so its text must never change: it is exactly what `JSON.stringify` writes for the value
 * with every plain object's keys sorted — array-index keys ("0", "12") first in numeric order, as objects
 * enumerate them, then the others by UTF-16 code units; `undefined` members left out, `null` in arrays.
 * Written by hand rather than with a sorting replacer, which copied every object (a tenth of an import's
 * JavaScript time).
 */
export function canonicalJson(value: unknown): string {
  return written(value) as string;
}

function written(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) text += ',';
      text += written(value[index]) ?? 'null';
    }
    return `${text}]`;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  const record = value as Record<string, unknown>;
  if (
    (prototype !== Object.prototype && prototype !== null) ||
    typeof record['toJSON'] === 'function'
  ) {
    return sortedByReplacer(value);
  }
  let text = '{';
  for (const key of enumerationOrder(Object.keys(record).sort())) {
    const member = written(record[key]);
    if (member === undefined) continue;
    if (text.length > 1) text += ',';
    text += `${JSON.stringify(key)}:${member}`;
  }
  return `${text}}`;
}

/** Sorted keys in the order an object built from them enumerates them: array indexes first, by number. */
function enumerationOrder(sorted: string[]): string[] {
  const indexes = sorted.filter(isArrayIndex);
  if (indexes.length === 0) return sorted;
  indexes.sort((a, b) => Number(a) - Number(b));
  return [...indexes, ...sorted.filter((key) => !isArrayIndex(key))];
}

function isArrayIndex(key: string): boolean {
  return /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 2 ** 32 - 1;
}

/** Anything else (a `Date`, a class instance): the original definition, `toJSON` and all. */
function sortedByReplacer(value: object): string | undefined {
  return JSON.stringify(value, (_key, nested: unknown) =>
    nested !== null && typeof nested === 'object' && !Array.isArray(nested)
      ? Object.fromEntries(Object.entries(nested).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : nested,
  );
}
