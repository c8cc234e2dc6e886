import { useEffect, type RefObject } from 'react';
import { $search, setSearchQuery } from '~/stores/search';

/**
 * The island hydrates on the first interaction (client:interaction): what was typed while it loaded is
 * already in the field (React keeps a field's text when hydrating it), and is searched now. Text that
 * lands while React hydrates can reach the field without an onChange (React starts tracking the value
 * with it in place): the field's own input events catch that too.
 */
export function useTypedText(input: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const follow = () => {
      if (box.value !== $search.get().query) setSearchQuery(box.value);
    };
    follow();
    box.addEventListener('input', follow);
    return () => box.removeEventListener('input', follow);
  }, [input]);
}
