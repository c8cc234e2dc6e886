// @vitest-environment happy-dom
// The layout's search-log script: what it sends for a result opened from the header search or the /search page.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportOpenedResult } from '~/stores/search-opened';

let beacon: ReturnType<typeof vi.fn<(url: string, data: Blob) => boolean>>;
const sent = async () =>
  Promise.all(beacon.mock.calls.map(async ([url, data]) => [url, data.type, JSON.parse(await data.text()) as unknown]));

beforeAll(async () => {
  await import('./search-opened'); // listens on the window and the document, as in every page
});
beforeEach(() => {
  beacon = vi.fn((_url: string, _data: Blob) => true);
  vi.stubGlobal('navigator', { sendBeacon: beacon });
  document.body.innerHTML = `
    <div data-search-term="NOI"><a href="/modules/1" data-search-hit><span>Net operating income</span></a></div>
    <a href="/modules/2">Not a hit</a>`;
});
afterEach(() => vi.unstubAllGlobals());

describe('search log beacon', () => {
  it('sends a result the header search opened, as JSON to /api/search/opened', async () => {
    reportOpenedResult({ q: 'noi', href: '/modules/1', typing: 'run000000001' });
    expect(await sent()).toEqual([['/api/search/opened', 'application/json', { q: 'noi', href: '/modules/1', typing: 'run000000001' }]]);
  });

  it('sends a hit of the /search page clicked or middle-clicked, with the page’s term; nothing for other links or buttons', async () => {
    const hit = document.querySelector('[data-search-hit] span')!;
    hit.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    hit.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    hit.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 2 }));
    document.querySelector('a[href="/modules/2"]')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(await sent()).toEqual([
      ['/api/search/opened', 'application/json', { q: 'NOI', href: '/modules/1' }],
      ['/api/search/opened', 'application/json', { q: 'NOI', href: '/modules/1' }],
    ]);
  });

  it('falls back to a keepalive fetch when the browser refuses the beacon', async () => {
    beacon.mockReturnValue(false);
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    reportOpenedResult({ q: 'noi', href: '/modules/1' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/search/opened',
      expect.objectContaining({ method: 'POST', keepalive: true, body: '{"q":"noi","href":"/modules/1"}' }),
    );
  });
});
