// Sending the /auth form: sign in or register, and the toasts that tell how it went.
import type { z } from 'zod';
import { ApiError, apiRequest } from '~/lib/browser/api-client';
import type { PublicUser, registerRequestSchema } from '~/lib/api/users';
import { showToast, showToastAfterNavigation } from '~/stores/toasts';
import type { Fields, Mode } from './fields';

/** Signs in or registers; on success the welcome toast waits for the next page. Throws when refused. */
export async function sendCredentials(mode: Mode, fields: Fields): Promise<void> {
  if (mode === 'signin') {
    const user = await apiRequest<PublicUser>('POST', '/api/login', { username: fields.username.trim(), password: fields.password });
    showToastAfterNavigation({ title: 'Login successful', description: `Welcome back ${user.name}` });
    return;
  }
  const body: z.input<typeof registerRequestSchema> = {
    username: fields.username.trim(),
    password: fields.password,
    name: fields.name.trim(),
  };
  if (fields.inviteCode) body.inviteCode = fields.inviteCode;
  const user = await apiRequest<PublicUser>('POST', '/api/register', body);
  showToastAfterNavigation({ title: 'Registration successful', description: `Welcome ${user.name}` });
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
