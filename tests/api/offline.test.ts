// What the offline service worker (public/sw.js) learns from the server: GET /api/offline-pages lists the
// pages it keeps for the person signed in, and every page names its reader in X-Offline-Key ("none" on the
// sign-in page signed out), the same key as the list's. Meetings' prep pages: tests/api/calendar.test.ts.
import { describe, expect, it } from 'vitest';
import { offlinePagesSchema } from '~/shared/api/offline';
import { expectJson, signUp, useTestApp } from './harness';

const t = useTestApp();
const page = { headers: { Accept: 'text/html' } };

describe('GET /api/offline-pages', () => {
  it('lists every persona and the plays for the person signed in, with their reader key (no prep without a calendar)', async () => {
    const { client } = await signUp(t.app, 'Offline Reader');
    const listed = await expectJson(await client.get('/api/offline-pages'), 200, offlinePagesSchema);
    expect(listed.pages[0]).toBe('/personas');
    expect(listed.pages).toContain('/personas/1');
    expect(listed.pages.at(-1)).toBe('/sales-situations');
    expect(listed.pages.filter((path) => /^\/personas\/\d+$/.test(path)).length).toBeGreaterThanOrEqual(4);
    expect(listed.pages.some((path) => path.startsWith('/prep/'))).toBe(false);

    const persona = await client.request('GET', '/personas/1', page);
    expect(persona.status).toBe(200);
    expect(persona.headers.get('X-Offline-Key')).toBe(listed.readerKey);
    const home = await client.request('GET', '/', page);
    expect(home.headers.get('X-Offline-Key')).toBe(listed.readerKey);
  });

  it('names another reader for another person', async () => {
    const [first, second] = await Promise.all([signUp(t.app, 'Offline One'), signUp(t.app, 'Offline Two')]);
    const one = await expectJson(await first.client.get('/api/offline-pages'), 200, offlinePagesSchema);
    const two = await expectJson(await second.client.get('/api/offline-pages'), 200, offlinePagesSchema);
    expect(one.readerKey).not.toBe(two.readerKey);
  });

  it('answers 401 signed out', async () => {
    const response = await t.app.request('GET', '/api/offline-pages');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Not signed in' });
  });
});

describe('X-Offline-Key', () => {
  it('is "none" on the sign-in page signed out, absent on API answers and on redirects', async () => {
    const auth = await t.app.request('GET', '/auth', page);
    expect(auth.status).toBe(200);
    expect(auth.headers.get('X-Offline-Key')).toBe('none');
    const redirected = await t.app.request('GET', '/personas/1', page);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('X-Offline-Key')).toBeNull();

    const { client } = await signUp(t.app, 'Offline Api');
    expect((await client.get('/api/user')).headers.get('X-Offline-Key')).toBeNull();
  });
});
