/**
 * A table looked up by names a client sends, without a prototype: `constructor`, `__proto__`, `toString` and
 * the like find nothing in it, as any other unknown name (an ordinary object literal would hand back
 * `Object.prototype`'s members).
 * `nameTable({ hitsPerPage: read })['constructor']` → `undefined`.
 */
export function nameTable<TValue>(entries: { readonly [name: string]: TValue }): {
  readonly [name: string]: TValue | undefined;
} {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, TValue>, entries));
}
