import { useEffect, type RefObject } from 'react';
import { $search, setSearchQuery } from '~/stores/search';

/**
 * The island hydrates on the first interaction (client:interaction): what was typed while it loaded is
 * already in the field (React keeps a field's text when hydrating it), and is searched now, counting the
 * debounce from the last key typed (the directive notes it on the island as `data-typed-at`), so a
 * slow hydration is not followed by another 200 ms wait. Text that lands while React hydrates can reach
 * the field without an onChange (React starts tracking the value with it in place): the field's own
 * input events catch that too.
 */
export function useTypedText(input: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const follow = (typedAt?: number) => {
      if (box.value !== $search.get().query) setSearchQuery(box.value, typedAt);
    };
    const typedAt = Number(box.closest('astro-island')?.getAttribute('data-typed-at'));
    follow(Number.isFinite(typedAt) && typedAt > 0 ? typedAt : undefined);
    const onInput = (event: Event) => follow(event.timeStamp);
    box.addEventListener('input', onInput);
    return () => box.removeEventListener('input', onInput);
  }, [input]);
}
