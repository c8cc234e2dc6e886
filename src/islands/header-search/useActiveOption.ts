import { useEffect, useState } from 'react';
import type { SearchResponse } from '~/shared/api/search';
import { optionId } from './results';

/**
 * The highlighted option's index (-1: none), kept scrolled into view. A new answer (or none) starts with
 * nothing highlighted: reset while rendering, as soon as the answer changes, rather than by an effect
 * after a render that still pointed into the old answer.
 */
export function useActiveOption(results: SearchResponse | null) {
  const [active, setActive] = useState(-1);
  const [activeIn, setActiveIn] = useState(results);
  if (activeIn !== results) {
    setActiveIn(results);
    setActive(-1);
  }

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  return [active, setActive] as const;
}
