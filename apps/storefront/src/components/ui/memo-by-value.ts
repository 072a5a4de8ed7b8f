import { type FunctionComponent, isValidElement, memo, useCallback, useRef } from 'react';

/*
 * React InstantSearch renders every widget again on each change of the search's status (idle → loading →
 * idle), twice per keystroke, and its connectors hand out new arrays and objects each time even when the
 * data is the same. The filter lists built from them are memoised on their values, with callbacks that keep
 * their identity (keystroke-to-results latency, bench/web).
 */

/**
 * Plain data compared member by member (primitives, arrays, plain objects); anything else — functions,
 * React elements, class instances — by identity.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameValue(item, b[index]));
  }
  if (!isPlainData(a) || !isPlainData(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  return keys.every((key) => Object.hasOwn(right, key) && sameValue(left[key], right[key]));
}

function isPlainData(value: object): boolean {
  if (isValidElement(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A component that renders again only when its props' values change (see `sameValue`). */
export function memoByValue<P extends object>(component: FunctionComponent<P>) {
  return memo(component, (previous, next) => sameValue(previous, next));
}

/** A callback of constant identity that calls the latest `callback` given (for `memoByValue` children). */
export function useLatestCallback<A extends unknown[], R>(
  callback: (...args: A) => R,
): (...args: A) => R {
  const latest = useRef(callback);
  latest.current = callback;
  return useCallback((...args: A) => latest.current(...args), []);
}
