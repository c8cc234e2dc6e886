// The /settings forms, which work without JavaScript: end a session, end every other session, change the
// password. Each answers what the page shows next (Post/Redirect/Get: a message to carry, or an error).
import type { AstroGlobal } from 'astro';
import { changePasswordRequestSchema } from '~/lib/api/settings';
import { HttpError } from '~/lib/server/errors';
import { readFormFields } from '~/lib/server/http/request';
import { describeZodError } from '~/lib/server/http/response';
import { changeOwnPassword, endOtherSessions, endOwnSession, passwordChangeState } from './self-service';
import { sessionOrigin, startBrowserSession } from './sign-in-request';

/** What the page says after a form: `done` is carried in the URL (?done=…), an error is shown at once. */
export type SettingsFormResult = { done: 'session-ended' | 'others-ended' | 'password-changed' } | { error: string; status: number };

export const SETTINGS_DONE: Record<string, string> = {
  'session-ended': 'That session has ended.',
  'others-ended': 'You are signed out everywhere else.',
  'password-changed': 'Your password has changed. Your other sessions have ended.',
};

export async function handleSettingsForm(
  astro: Pick<AstroGlobal, 'request' | 'cookies' | 'url' | 'clientAddress' | 'locals'>,
  user: { id: string; username: string },
): Promise<SettingsFormResult> {
  const fields = await readFormFields(astro.request);
  const current = astro.locals.session.sessionId;
  try {
    switch (fields['action']) {
      case 'end-session':
        await endOwnSession(user.id, current, fields['handle'] ?? '');
        return { done: 'session-ended' };
      case 'end-others':
        await endOtherSessions(user.id, current);
        return { done: 'others-ended' };
      case 'change-password': {
        const parsed = changePasswordRequestSchema.safeParse({
          currentPassword: fields['currentPassword'],
          newPassword: fields['newPassword'],
        });
        if (!parsed.success) return { error: describeZodError(parsed.error), status: 400 };
        const session = await changeOwnPassword(await passwordChangeState(user.id), parsed.data, sessionOrigin(astro));
        await startBrowserSession(astro, session);
        return { done: 'password-changed' };
      }
      default:
        return { error: 'action: unknown', status: 400 };
    }
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    return { error: error.message, status: error.status };
  }
}
