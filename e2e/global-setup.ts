// Signs in the two demo accounts once and stores their sessions for tests that start signed in.
import { request, type FullConfig } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { DEMO_ADMIN, DEMO_USER } from '~/server/demo-accounts';

export const STORAGE = { admin: 'test-results/.auth/admin.json', user: 'test-results/.auth/user.json' } as const;

export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL ?? 'http://127.0.0.1:8888';
  await mkdir('test-results/.auth', { recursive: true });
  const accounts = [
    ['admin', DEMO_ADMIN],
    ['user', DEMO_USER],
  ] as const;
  for (const [role, { username, password }] of accounts) {
    const context = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: new URL(baseURL).origin } });
    const response = await context.post('/api/login', { data: { username, password } });
    if (!response.ok()) throw new Error(`Demo sign-in failed for ${username}: ${response.status()} ${await response.text()}`);
    await context.storageState({ path: STORAGE[role] });
    await context.dispose();
  }
}
