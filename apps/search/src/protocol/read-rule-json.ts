/**
 * Small typed readers for rule JSON (`validate-rule.ts`): each names the offending field in its 400.
 */
import { SearchApiError } from './search-api-error.ts';

/** A parsed JSON object whose fields are not checked yet. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** The value as an object, or a 400 `${where} must be an object`. */
export function readObject(value: unknown, where: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SearchApiError(400, `${where} must be an object`);
  }
  return value as JsonObject;
}

/** The value as an array of at most `max` items, or a 400. */
export function readArray(
  value: unknown,
  where: string,
  max = Number.POSITIVE_INFINITY,
): readonly unknown[] {
  if (!Array.isArray(value)) throw new SearchApiError(400, `${where} must be an array`);
  if (value.length > max) {
    throw new SearchApiError(
      400,
      `${where}: at most ${max} items are allowed, got ${value.length}`,
    );
  }
  return value;
}

/** The value as a string, or a 400. */
export function readString(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new SearchApiError(400, `${where} must be a string`);
  return value;
}

/** The value as an integer in [min, max], or a 400. */
export function readInteger(value: unknown, where: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new SearchApiError(400, `${where} must be an integer between ${min} and ${max}`);
  }
  return value;
}

/** The value as a boolean, or a 400. */
export function readBoolean(value: unknown, where: string): boolean {
  if (typeof value !== 'boolean') throw new SearchApiError(400, `${where} must be a boolean`);
  return value;
}

/**
 * Copies `object[key]` through `read` when present: `{ ...optional(json, 'description', readString, 'rule') }`
 * adds `description` only when the JSON has it (exact optional properties).
 */
export function optional<TKey extends string, TValue>(
  object: JsonObject,
  key: TKey,
  read: (value: unknown, where: string) => TValue,
  where: string,
): { [K in TKey]?: TValue } {
  const value = object[key];
  if (value === undefined) return {};
  return { [key]: read(value, `${where}.${key}`) } as { [K in TKey]?: TValue };
}

/** UTF-8 size of a JSON value once serialised. */
export function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value) ?? '').length;
}
