// Sign-in without JavaScript (progressive enhancement): the /auth form posts to /auth when its island
// has not loaded yet (slow network, JS off), so a submit never puts the password in a URL and still
// signs the user in. Same validation, throttling and session as POST /api/login.
import type { AstroGlobal } from 'astro';
import { loginRequestSchema } from '~/shared/api/users';
import { HttpError } from '~/server/errors';
import { readFormFields } from '~/server/http/request';
import { signInBrowser } from '~/server/accounts/sign-in-request';

export type FormSignInResult = { signedIn: true } | { signedIn: false; status: number; message: string; retryAfter?: string };

export async function signInFromForm(astro: Pick<AstroGlobal, 'request' | 'cookies' | 'url' | 'clientAddress'>): Promise<FormSignInResult> {
  try {
    const parsed = loginRequestSchema.safeParse(await readFormFields(astro.request));
    if (!parsed.success) return { signedIn: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid request' };
    await signInBrowser(astro, parsed.data.username, parsed.data.password);
    return { signedIn: true };
  } catch (error) {
    // 503 (storage, missing secret) goes to the error page like any other page failure.
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    const retryAfter = error.headers['Retry-After'];
    return { signedIn: false, status: error.status, message: error.message, ...(retryAfter ? { retryAfter } : {}) };
  }
}
