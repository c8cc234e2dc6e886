// /search: a result opened from the page (a click, a modified click or a middle click on a hit's link) is
// told to the search log as a beacon (src/lib/browser/search-opened.ts); the link itself works as always.
import { reportOpenedResult } from '~/lib/browser/search-opened';

const results = document.querySelector<HTMLElement>('[data-search-term]');
const q = results?.dataset['searchTerm'];

function opened(event: MouseEvent): void {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-search-hit]') : null;
  if (!q || !link || (event.type === 'auxclick' && event.button !== 1)) return;
  reportOpenedResult({ q, href: link.getAttribute('href') ?? '' });
}

results?.addEventListener('click', opened);
results?.addEventListener('auxclick', opened);
