// The /settings forms, which work without JavaScript: end a session, end every other session, change the
// password, save the digest and review preferences, connect, refresh or disconnect the calendar, switch call
// reminders, create or rotate the calendar feed's address. Each answers what the page shows next (Post/Redirect/Get: a message to carry, or an error).
import type { AstroGlobal } from 'astro';
import { connectCalendarRequestSchema } from '~/shared/api/calendar';
import { updatePreferencesRequestSchema } from '~/shared/api/preferences';
import { connectCalendar, disconnectCalendar, refreshCalendar } from '~/server/calendar/calendar';
import { rotateCalendarFeed } from '~/server/calendar/calendar-feed';
import { changePasswordRequestSchema } from '~/shared/api/settings';
import { requestNow } from '~/server/clock';
import { updatePreferences } from '~/server/preferences/preferences';
import { readFormFields } from '~/server/http/request';
import { formAnswer, whenValid } from '~/server/http/form';
import { changeOwnPassword, endOtherSessions, endOwnSession, passwordChangeState } from './self-service';
import { startSession } from './session-cookie';
import { sessionOrigin } from './sessions';

/** What the page says after a form: `done` is carried in the URL (?done=…), an error is shown at once. */
export type SettingsFormResult =
  | {
      done:
        | 'session-ended'
        | 'others-ended'
        | 'password-changed'
        | 'preferences-saved'
        | 'calendar-connected'
        | 'reminders-saved'
        | 'calendar-refreshed'
        | 'calendar-disconnected'
        | 'calendar-feed-rotated';
    }
  | { error: string; status: number };

export const SETTINGS_DONE: Record<string, string> = {
  'session-ended': 'That session has ended.',
  'others-ended': 'You are signed out everywhere else.',
  'password-changed': 'Your password has changed. Your other sessions have ended.',
  'preferences-saved': 'Your digest and review preferences are saved.',
  'calendar-connected': 'Your calendar is connected.',
  'reminders-saved': 'Your call reminder setting is saved.',
  'calendar-refreshed': 'Your calendar has been read again.',
  'calendar-disconnected': 'Your calendar is disconnected, and everything read from it is deleted.',
  'calendar-feed-rotated': 'Your calendar feed has a new address. The previous one no longer works.',
};

/** The ISO weekdays, one checkbox each (`workingDay1` … `workingDay7`: one name per box, as form fields keep one value a name). */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/**
 * The preferences form's fields as PATCH /api/preferences takes them (an empty zone: unchanged; an empty hold: none;
 * no working day ticked: none, which the schema refuses).
 */
export const preferencesFromForm = (fields: Record<string, string>) =>
  updatePreferencesRequestSchema.safeParse({
    digest: fields['digest'],
    hour: fields['hour'] === undefined || fields['hour'] === '' ? undefined : Number(fields['hour']),
    timeZone: fields['timeZone'] || undefined,
    reviewHoldUntil: fields['reviewHoldUntil'] === undefined ? undefined : fields['reviewHoldUntil'] || null,
    workingDays: WEEKDAYS.filter((day) => fields[`workingDay${day}`] !== undefined),
  });

/** The call reminder form as PATCH /api/preferences takes it: an unticked box sends nothing, so its absence means off. */
export const remindersFromForm = (fields: Record<string, string>) =>
  updatePreferencesRequestSchema.safeParse({ callReminders: fields['callReminders'] !== undefined });

export async function handleSettingsForm(
  astro: Pick<AstroGlobal, 'request' | 'cookies' | 'url' | 'clientAddress' | 'locals'>,
  user: { id: string; username: string },
): Promise<SettingsFormResult> {
  const fields = await readFormFields(astro.request);
  const current = astro.locals.session.sessionId;
  const now = () => requestNow(astro.request);
  return formAnswer(async (): Promise<SettingsFormResult> => {
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
        return whenValid(
          parsed,
          async (change) => {
            const session = await changeOwnPassword(await passwordChangeState(user.id), change, sessionOrigin(astro));
            // The browser's previous session ended with the others: only the new one's cookie is given.
            await startSession(astro.cookies, astro.url, session);
          },
          'password-changed',
        );
      }
      case 'preferences':
        return whenValid(preferencesFromForm(fields), (changes) => updatePreferences(user.id, changes, now()), 'preferences-saved');
      case 'calendar-connect': {
        const parsed = connectCalendarRequestSchema.safeParse({ url: fields['url'] });
        return whenValid(parsed, ({ url }) => connectCalendar(user, url, now()), 'calendar-connected');
      }
      case 'calendar-reminders':
        return whenValid(remindersFromForm(fields), (changes) => updatePreferences(user.id, changes, now()), 'reminders-saved');
      case 'calendar-refresh': {
        // A failed read is recorded with its reason, which the section shows.
        const source = await refreshCalendar(user.id, now());
        return source.status === 'ok' ? { done: 'calendar-refreshed' } : { error: source.error ?? '', status: 400 };
      }
      case 'calendar-disconnect':
        await disconnectCalendar(user.id);
        return { done: 'calendar-disconnected' };
      case 'calendar-feed-rotate':
        await rotateCalendarFeed(user.id, now());
        return { done: 'calendar-feed-rotated' };
      default:
        return { error: 'action: unknown', status: 400 };
    }
  });
}
