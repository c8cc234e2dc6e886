// What a search term must be before it is searched, shared by the header island, the /search
// page and the service so all three answer alike. Zod-free: the header island imports it.

/** The longest term the server accepts (longer → 400); the search boxes stop typing there. */
export const SEARCH_QUERY_MAX_LENGTH = 200;

/** Shown instead of results while every word of the term is a single character. */
export const TOO_SHORT_MESSAGE = 'Type at least two letters';

/**
 * True when the term has words but none of two or more characters ("a", "a b", "7"): such words are not
 * searched, so the answer would be silently empty. A blank term is not "too short": it is no search.
 */
export function isTooShort(q: string): boolean {
  const words = q.trim().split(/\s+/u).filter(Boolean);
  return words.length > 0 && words.every((word) => [...word].length < 2);
}

/** The results page of a term: /search?q=… */
export const searchPageHref = (q: string) => `/search?q=${encodeURIComponent(q.trim())}`;
