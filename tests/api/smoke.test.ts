import { describe, expect, it } from 'vitest';
import { DEMO_USER } from '~/server/demo-accounts';
import { signIn, useTestApp } from './harness';

const t = useTestApp();

describe('harness', () => {
  it('signs in a demo account and reads the user', async () => {
    const client = await signIn(t.app, DEMO_USER);
    const response = await client.get('/api/user');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ username: DEMO_USER.username, role: 'user' });
  });
});
