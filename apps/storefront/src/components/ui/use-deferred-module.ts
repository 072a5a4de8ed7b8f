import { useCallback, useEffect, useRef, useState } from 'react';

export interface DeferredModule<M> {
  /** The module once loaded, else `null`. */
  readonly module: M | null;
  /** Whether the shopper asked for it (clicked the trigger); stays true. */
  readonly requested: boolean;
  /** Starts loading (on hover, focus or touch of the trigger), without asking for it. */
  readonly prefetch: () => void;
  /** Loads it and marks it as asked for. */
  readonly request: () => void;
}

/**
 * Code that no first paint needs (a dialog's focus trap, scroll lock and dismissable layer: Radix's dialog)
 * loaded when the shopper first reaches for it rather than with the page. Until then the caller renders its
 * trigger as plain HTML; `prefetch` on pointer-enter/focus hides most of the load behind the click.
 */
export function useDeferredModule<M extends object>(load: () => Promise<M>): DeferredModule<M> {
  const [module, setModule] = useState<M | null>(null);
  const [requested, setRequested] = useState(false);
  const loading = useRef<Promise<M> | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const prefetch = useCallback(() => {
    if (loading.current !== null) return;
    loading.current = load();
    loading.current.then(
      (loaded) => {
        if (mounted.current) setModule(loaded);
      },
      // A failed load (offline) may be retried by the next hover or click.
      () => {
        loading.current = null;
      },
    );
  }, [load]);
  const request = useCallback(() => {
    setRequested(true);
    prefetch();
  }, [prefetch]);
  return { module, requested, prefetch, request };
}
