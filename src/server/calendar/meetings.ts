// The meetings as the rep sees them (docs/product.md "Your calendar"): each with the persona and segment the
// hub guesses, or the rep chose for that company, why, and whether the rep prepared for it.
import type { CorrectMeetingRequest, Meeting } from '~/shared/api/calendar';
import { companyDomains } from '~/server/config';
import { getPersonas, getSegment } from '~/server/content/buyers';
import { HttpError } from '~/server/errors';
import { personaFinder } from '~/server/search/search';
import { storedMeeting, upcomingMeetings } from './calendar';
import { companyDomainOf, guessMeeting, type GuessContext } from './meeting-guess';
import type { ParsedMeeting } from './parse-calendar';
import { meetingPrep, type StoredMeetingPrep } from './storage/meeting-prep';

const MEETING_MESSAGES = {
  notFound: 'No such meeting in your calendar.',
  unknownPersona: 'persona: no such persona',
  unknownSegment: 'segment: no such buyer segment',
  noCompany: 'This meeting has nobody from outside the company.',
} as const;

async function guessContext(prep: StoredMeetingPrep): Promise<GuessContext> {
  const [personas, findPersonas] = await Promise.all([getPersonas(), personaFinder()]);
  return { personas, findPersonas, companyDomains: companyDomains(), corrections: prep.corrections };
}

const withPrep = (meeting: ParsedMeeting, prep: StoredMeetingPrep, context: GuessContext): Meeting => ({
  ...meeting,
  ...guessMeeting(meeting, context),
  prepared: prep.prepared.includes(meeting.id),
});

/** GET /api/meetings: the external meetings of the next 14 days, soonest first, each with its guess. */
export async function meetingsOf(userId: string, now: Date): Promise<Meeting[]> {
  const [meetings, prep] = await Promise.all([upcomingMeetings(userId, now), meetingPrep.of(userId)]);
  if (meetings.length === 0) return [];
  const context = await guessContext(prep);
  return meetings.map((meeting) => withPrep(meeting, prep, context));
}

type PrepVersion = Awaited<ReturnType<typeof meetingPrep.versionOf>>;

/** One of the person's meetings with its guess, and the version of the rep's record it was read with (to mark it prepared); a 404 when their calendar has no such meeting. */
export async function meetingRecord(userId: string, meetingId: string): Promise<{ meeting: Meeting; version: PrepVersion }> {
  const [meeting, version] = await Promise.all([storedMeeting(userId, meetingId), meetingPrep.versionOf(userId)]);
  if (!meeting) throw new HttpError(404, MEETING_MESSAGES.notFound);
  const prep = version?.value ?? { userId, corrections: {}, prepared: [] };
  return { meeting: withPrep(meeting, prep, await guessContext(prep)), version };
}

/** The rep's persona and segment for a meeting, remembered for its company: every meeting with it uses them. */
export async function correctMeeting(userId: string, meetingId: string, correction: CorrectMeetingRequest): Promise<Meeting> {
  const first = meetingPrep.versionOf(userId);
  first.catch(() => {}); // awaited below; settles quietly when the meeting is refused first
  const [meeting, personas, segment] = await Promise.all([
    storedMeeting(userId, meetingId),
    getPersonas(),
    getSegment(Number(correction.segment)),
  ]);
  if (!meeting) throw new HttpError(404, MEETING_MESSAGES.notFound);
  if (!personas.some((persona) => String(persona.id) === correction.persona)) throw new HttpError(400, MEETING_MESSAGES.unknownPersona);
  if (!segment || String(segment.id) !== correction.segment) throw new HttpError(400, MEETING_MESSAGES.unknownSegment);
  const domain = companyDomainOf(meeting, companyDomains());
  if (domain === null) throw new HttpError(400, MEETING_MESSAGES.noCompany);
  const prep = await meetingPrep.update(
    userId,
    (value) => {
      const { [domain]: _old, ...others } = value.corrections;
      // Re-added last: the newest correction is the last one dropped when the record is full.
      return { ...value, corrections: { ...others, [domain]: { persona: correction.persona, segment: correction.segment } } };
    },
    first,
  );
  return withPrep(meeting, prep, await guessContext(prep));
}

/** Marks a meeting prepared for (the prep page's review questions were answered), over the version read with it. */
export async function markPrepared(userId: string, record: { meeting: Meeting; version: PrepVersion }): Promise<void> {
  const meetingId = record.meeting.id;
  await meetingPrep.update(
    userId,
    (value) => (value.prepared.includes(meetingId) ? value : { ...value, prepared: [...value.prepared, meetingId] }),
    Promise.resolve(record.version),
  );
}
