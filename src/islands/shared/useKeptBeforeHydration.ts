import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * An island hydrates after its server-rendered HTML can already be used (on idle, or on first use): once
 * mounted, `adopt` reads what the person typed or picked in that HTML meanwhile, from the element behind
 * the returned ref, so nothing done before hydration is lost. `adopt` should keep a value the island's
 * state already has. A layout effect: what it adopts is rendered in the same commit as the hydration, so
 * a press held back until then (src/client-directives/held-action.ts) already sees it.
 */
export function useKeptBeforeHydration<E extends HTMLElement>(adopt: (element: E) => void): RefObject<E | null> {
  const element = useRef<E>(null);
  useLayoutEffect(() => {
    if (element.current) adopt(element.current);
  }, []); // once, on mount: only what was there before hydration is adopted
  return element;
}
