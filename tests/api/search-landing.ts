// Whether a search result's deep link lands on a visible target, read from the server's HTML:
// the page answers 200, the fragment's element exists exactly once, and it is not inside a hidden tab panel
// (the ?tab= of the link selected it). Pages are fetched once per path and query.
import { Window } from 'happy-dom';
import type { ApiClient } from './harness';

const pages = new Map<string, Promise<{ status: number; html: string }>>();

function page(client: ApiClient, pathAndQuery: string) {
  let loaded = pages.get(pathAndQuery);
  if (!loaded) {
    loaded = client
      .request('GET', pathAndQuery, { headers: { Accept: 'text/html' } })
      .then(async (response) => ({ status: response.status, html: await response.text() }));
    pages.set(pathAndQuery, loaded);
  }
  return loaded;
}

/** null when the link lands, else what is wrong. */
export async function landingOf(client: ApiClient, href: string): Promise<string | null> {
  const [pathAndQuery = '', fragment] = href.split('#');
  const { status, html } = await page(client, pathAndQuery);
  if (status !== 200) return `answered ${status}`;
  if (!fragment) return null;
  const count = html.split(` id="${fragment}"`).length - 1;
  if (count !== 1) return `id "${fragment}" appears ${count} times`;
  const window = new Window({
    settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
  });
  const document = new window.DOMParser().parseFromString(html, 'text/html');
  const target = document.getElementById(fragment);
  const hiddenPanel = target?.closest('[role="tabpanel"][hidden]');
  const inNoscript = target?.closest('noscript');
  window.close();
  if (!target) return `no element with id "${fragment}"`;
  if (hiddenPanel) return `inside the hidden tab panel ${hiddenPanel.id}`;
  if (inNoscript) return 'only shown without JavaScript';
  return null;
}
