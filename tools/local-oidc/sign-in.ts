/**
 * A person signing in at the local identity provider, without a browser: follows the provider's
 * redirects from the authorization URL through its sign-in form to the hub's callback URL (or the relay of
 * a deploy preview's sign-in), which it answers (for API tests and benchmarks; the e2e suite does the same
 * in Chromium).
 */
export async function signInAtProvider(authorizationUrl: string, login: string, password: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const separator = pair.indexOf('=');
      jar.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    return response;
  };
  let url = authorizationUrl;
  let response = await send(url);
  for (let hop = 0; hop < 10; hop++) {
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location') ?? '', url).href;
      const answer = new URL(url);
      if (answer.pathname === '/auth/callback' || answer.pathname === '/auth/preview-callback') return answer;
      response = await send(url);
    } else if (response.status === 200 && /\/interaction\/[\w-]+$/.test(new URL(url).pathname)) {
      await response.text();
      response = await send(`${url}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login, password }).toString(),
      });
      if (response.status === 200) throw new Error(`The provider refused ${login}: ${await response.text()}`);
    } else {
      throw new Error(`Unexpected answer from the provider at ${url}: ${response.status} ${await response.text()}`);
    }
  }
  throw new Error('Too many redirects at the identity provider');
}
