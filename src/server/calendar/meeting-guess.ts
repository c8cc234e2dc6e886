// The persona and segment a meeting seems to be with, and why (docs/product.md "Your calendar"): the rep's
// correction for the company first, then an attendee's job title when the calendar carries one in the name
// ("Dana Ruiz (VP Marketing)"), then the meeting's title through the hub's search. Pure: the personas, the
// search and the corrections are given.

/** What the guess needs of a persona. */
interface GuessPersona {
  id: number;
  title: string;
  buyerSegmentId: number;
}

export interface GuessMeeting {
  title: string;
  attendees: ReadonlyArray<{ name: string; domain: string }>;
}

export interface MeetingGuess {
  persona: string | null;
  segment: string | null;
  reason: string | null;
}

interface Correction {
  persona: string;
  segment: string;
}

const NO_GUESS: MeetingGuess = { persona: null, segment: null, reason: null };

const GUESS_REASONS = {
  corrected: (domain: string) => `You chose this for ${domain}.`,
  attendee: (name: string, role: string, title: string) => `From ${name}’s title: “${role}” matches ${title}.`,
  title: (meetingTitle: string, title: string) => `From the title: “${meetingTitle}” matches ${title}.`,
} as const;

/** Whether an e-mail domain is the rep's company's (a subdomain counts as its domain). */
export const isCompanyDomain = (domain: string, companyDomains: readonly string[]) =>
  companyDomains.some((own) => domain === own || domain.endsWith(`.${own}`));

/** The company the meeting is with: the first attendee's domain outside the rep's company, or null. */
export const companyDomainOf = (meeting: GuessMeeting, companyDomains: readonly string[]): string | null =>
  meeting.attendees.find((one) => !isCompanyDomain(one.domain, companyDomains))?.domain ?? null;

/** A job title carried in a calendar name: "Name (Title)", "Name, Title", "Name – Title" or "Name | Title". */
export function roleInName(name: string): { name: string; role: string } | null {
  const match = /^(.+?)\s*(?:\(([^()]+)\)|[,|–—]\s*(.+)|\s-\s+(.+))$/u.exec(name.trim());
  const role = (match?.[2] ?? match?.[3] ?? match?.[4])?.trim();
  return match && role ? { name: match[1]!.trim(), role } : null;
}

const ABBREVIATIONS: Readonly<Record<string, string>> = {
  vp: 'vice president',
  svp: 'senior vice president',
  evp: 'executive vice president',
  avp: 'assistant vice president',
  dir: 'director',
  mgr: 'manager',
  sr: 'senior',
  ops: 'operations',
  pm: 'property manager',
  mktg: 'marketing',
  coo: 'chief operating officer',
  cmo: 'chief marketing officer',
};
const FILLER = new Set(['of', 'and', 'the', 'for', '&']);
/** Words of rank alone: sharing only these ("Director") says nothing about the job. */
const RANKS = new Set(['vice', 'president', 'senior', 'executive', 'assistant', 'director', 'manager', 'head', 'chief', 'officer', 'lead']);

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}&]+/u)
    .flatMap((word) => (ABBREVIATIONS[word] ?? word).split(' '))
    .map((word) => word.replace(/s$/, ''))
    .filter((word) => word && !FILLER.has(word));

/** How well a job title fits a persona's: shared words of the job count double; 0 without one. */
function titleScore(role: string, personaTitle: string): number {
  const have = new Set(wordsOf(role));
  const shared = wordsOf(personaTitle).filter((word) => have.has(word));
  const job = shared.filter((word) => !RANKS.has(word)).length;
  return job === 0 ? 0 : job * 2 + (shared.length - job);
}

function byAttendeeTitle(meeting: GuessMeeting, personas: readonly GuessPersona[]): { persona: GuessPersona; reason: string } | null {
  let best: { persona: GuessPersona; reason: string; score: number } | null = null;
  for (const attendee of meeting.attendees) {
    const carried = roleInName(attendee.name);
    if (!carried) continue;
    for (const persona of personas) {
      const score = titleScore(carried.role, persona.title);
      if (score > (best?.score ?? 0)) best = { persona, score, reason: GUESS_REASONS.attendee(carried.name, carried.role, persona.title) };
    }
  }
  return best;
}

/** Words of a meeting title too common to search on their own. */
const TITLE_FILLER = new Set(['call', 'meeting', 'sync', 'weekly', 'check', 'catch', 'chat', 'with', 'from', 'about', 'session', 'follow']);

/**
 * The persona the meeting's title finds through the search: the whole title first; when it finds none, each
 * word of four letters or more on its own, a persona scoring by its place in each answer.
 */
function byMeetingTitle(
  meeting: GuessMeeting,
  personas: readonly GuessPersona[],
  findPersonas: (text: string) => number[],
): GuessPersona | null {
  const known = new Map(personas.map((persona) => [persona.id, persona]));
  const whole = findPersonas(meeting.title).find((id) => known.has(id));
  if (whole !== undefined) return known.get(whole)!;
  const scores = new Map<number, number>();
  const words = new Set(
    meeting.title
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 4 && !TITLE_FILLER.has(word)),
  );
  for (const word of words)
    findPersonas(word)
      .filter((id) => known.has(id))
      .forEach((id, place) => scores.set(id, (scores.get(id) ?? 0) + 1 / (place + 1)));
  let best: GuessPersona | null = null;
  let bestScore = 0;
  for (const persona of personas) {
    const score = scores.get(persona.id) ?? 0;
    if (score > bestScore) [best, bestScore] = [persona, score];
  }
  return best;
}

export interface GuessContext {
  personas: readonly GuessPersona[];
  /** Persona ids the hub's search finds for a text, best first. */
  findPersonas: (text: string) => number[];
  companyDomains: readonly string[];
  /** The rep's corrections by company domain. */
  corrections: Readonly<Record<string, Correction>>;
}

/** The persona and segment of a meeting (ids as strings), with the reason as a short sentence; all null when nothing fits. */
export function guessMeeting(meeting: GuessMeeting, context: GuessContext): MeetingGuess {
  const domain = companyDomainOf(meeting, context.companyDomains);
  const corrected = domain === null ? undefined : context.corrections[domain];
  if (domain !== null && corrected) return { ...corrected, reason: GUESS_REASONS.corrected(domain) };
  const fromAttendee = byAttendeeTitle(meeting, context.personas);
  if (fromAttendee)
    return { persona: String(fromAttendee.persona.id), segment: String(fromAttendee.persona.buyerSegmentId), reason: fromAttendee.reason };
  const fromTitle = byMeetingTitle(meeting, context.personas, context.findPersonas);
  if (fromTitle)
    return {
      persona: String(fromTitle.id),
      segment: String(fromTitle.buyerSegmentId),
      reason: GUESS_REASONS.title(meeting.title, fromTitle.title),
    };
  return NO_GUESS;
}

/** The situation a meeting's title suggests, for the plays and questions the prep page shows. */
export type MeetingSituation = 'first-call' | 'demo' | 'pricing' | 'renewal';

const SITUATION_WORDS: ReadonlyArray<[MeetingSituation, RegExp]> = [
  ['renewal', /\b(renewal|renew|renewing|contract end)\b/i],
  ['pricing', /\b(pricing|price|prices|proposal|quote|budget|commercials?|negotiation)\b/i],
  ['demo', /\b(demo|demonstration|walkthrough|walk-through|showcase|product tour)\b/i],
  ['first-call', /\b(intro|introduction|introductory|discovery|first call|first meeting|kick-?off)\b/i],
];

/** Renewal, pricing, demo or first call by the title's words; a first call when it names none. */
export const situationOf = (title: string): MeetingSituation => SITUATION_WORDS.find(([, words]) => words.test(title))?.[0] ?? 'first-call';
