// Sending the /auth form: sign in or register, and the toasts that tell how it went.
import type { z } from 'zod';
import { ApiError, apiRequest } from '~/stores/api-client';
import type { PublicUser, registerRequestSchema } from '~/shared/api/users';
import { showToast } from '~/shared/toast';
import type { Fields, Mode } from './fields';

/** Signs in or registers (the server leaves the welcome toast for the next page: src/server/accounts/flash.ts). Throws when refused. */
export async function sendCredentials(mode: Mode, fields: Fields): Promise<void> {
  if (mode === 'signin') {
    await apiRequest<PublicUser>('POST', '/api/login', { username: fields.username.trim(), password: fields.password });
    return;
  }
  const body: z.input<typeof registerRequestSchema> = {
    username: fields.username.trim(),
    password: fields.password,
    name: fields.name.trim(),
  };
  if (fields.inviteCode) body.inviteCode = fields.inviteCode;
  await apiRequest<PublicUser>('POST', '/api/register', body);
}

/** The server's own message when it sent one, else the generic reason for the mode. */
export function showCredentialsFailure(mode: Mode, error: unknown): void {
  const message = error instanceof ApiError ? error.serverMessage : null;
  if (mode === 'signin') {
    showToast({ title: 'Login failed', description: message ?? 'Invalid username or password', variant: 'destructive' });
  } else {
    showToast({ title: 'Registration failed', description: message ?? 'Username may already exist', variant: 'destructive' });
  }
}
