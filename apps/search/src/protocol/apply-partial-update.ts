/**
 * Algolia's partial update (docs/api.md §2.6): top-level attributes are replaced, and an attribute given as
 * `{ "_operation": …, "value": … }` is changed in place. Only first-level attributes are addressed.
 */
import { isJsonObject, type RawParams } from './decode-params.ts';
import { SearchApiError } from './search-api-error.ts';

type Record_ = { readonly [attribute: string]: unknown };

const operations = [
  'Increment',
  'Decrement',
  'Add',
  'Remove',
  'AddUnique',
  'IncrementFrom',
  'IncrementSet',
] as const;
type Operation = (typeof operations)[number];

/**
 * Applies a partial update to `current` (`undefined` when the record does not exist yet).
 * `{ stock: 3, tags: ['a'] }` + `{ stock: { _operation: 'Decrement', value: 1 }, tags: { _operation: 'AddUnique',
 * value: 'b' } }` → `{ stock: 2, tags: ['a', 'b'] }`.
 * @returns the new record, or `undefined` when an `IncrementFrom`/`IncrementSet` condition does not hold (the
 *   whole update is then ignored, as Algolia does).
 * @throws SearchApiError 400 on an unknown `_operation` or a non-numeric increment.
 */
export function applyPartialUpdate(
  current: Record_ | undefined,
  update: RawParams,
): Record_ | undefined {
  const next: Record<string, unknown> = { ...current };
  for (const [attribute, change] of Object.entries(update)) {
    if (attribute === 'objectID') continue;
    if (!isJsonObject(change) || !('_operation' in change)) {
      next[attribute] = change;
      continue;
    }
    const result = applyOperation(
      readOperation(change['_operation'], attribute),
      next[attribute],
      change,
    );
    if (result.ignoreUpdate) return undefined;
    next[attribute] = result.value;
  }
  return next;
}

function readOperation(value: unknown, attribute: string): Operation {
  const found = operations.find((operation) => operation === value);
  if (!found) {
    throw new SearchApiError(
      400,
      `Unknown _operation ${JSON.stringify(value)} on attribute ${attribute}: expected one of ${operations.join(', ')}`,
    );
  }
  return found;
}

interface OperationResult {
  readonly value?: unknown;
  readonly ignoreUpdate?: boolean;
}

function applyOperation(
  operation: Operation,
  current: unknown,
  change: RawParams,
): OperationResult {
  const value = change['value'];
  switch (operation) {
    case 'Increment':
      return { value: asNumber(current) + readDelta(value, operation) };
    case 'Decrement':
      return { value: asNumber(current) - readDelta(value, operation) };
    case 'Add':
      return { value: [...asArray(current), value] };
    case 'Remove':
      return { value: asArray(current).filter((item) => !sameJson(item, value)) };
    case 'AddUnique': {
      const list = asArray(current);
      return { value: list.some((item) => sameJson(item, value)) ? list : [...list, value] };
    }
    case 'IncrementFrom': {
      // Applies only when the stored value equals `value` (a missing attribute counts as 0).
      const expected = readDelta(value, operation);
      return asNumber(current) === expected ? { value: expected + 1 } : { ignoreUpdate: true };
    }
    case 'IncrementSet': {
      // Applies only when `value` is greater than the stored value (a missing attribute counts as 0).
      const proposed = readDelta(value, operation);
      return proposed > asNumber(current) ? { value: proposed } : { ignoreUpdate: true };
    }
  }
}

function readDelta(value: unknown, operation: Operation): number {
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new SearchApiError(400, `${operation} needs a numeric value`);
  }
  return number;
}

function asNumber(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function asArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
