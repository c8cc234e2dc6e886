// A meeting's prep page (docs/product.md "Your calendar"): who is coming, the guess, and the material for
// the persona and the situation the title suggests, with three review questions; the forms that correct the
// guess and answer the questions (answered, the meeting counts as prepared for).
import type { Meeting } from '~/shared/api/calendar';
import type { ReviewQuestion } from '~/shared/api/review';
import { getPersona, getSegment, type BuyerPersona, type BuyerSegment } from '~/server/content/buyers';
import { getCaseStudiesOfSegment, type CaseStudy } from '~/server/content/case-studies';
import { getSalesSituations } from '~/server/content/coach';
import { filterDiscoveryQuestions, getDiscoveryQuestions, type DiscoveryQuestion } from '~/server/content/sales-kit';
import { HttpError } from '~/server/errors';
import { answerPrepQuestions, PREP_REVIEW_MESSAGES, prepQuestions, type PrepVerdict } from '~/server/review/prep-review';
import type { SalesSituation } from '~/schemas/coach';
import { companyDomains } from '~/server/config';
import { isCompanyDomain, situationOf, type MeetingSituation } from './meeting-guess';
import { markPrepared, meetingRecord } from './meetings';

export const SITUATIONS: Readonly<Record<MeetingSituation, { label: string; coachId: string }>> = {
  'first-call': { label: 'First call', coachId: 'business-impact-discovery' },
  demo: { label: 'Demo', coachId: 'multi-threading' },
  pricing: { label: 'Pricing', coachId: 'early-pricing-conversation' },
  renewal: { label: 'Renewal', coachId: 're-qualifying' },
};

/** A company's name from its e-mail domain: `umbrella-freight.eu` → `Umbrella Freight`. */
const companyName = (domain: string): string =>
  (domain.split('.')[0] ?? domain)
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');

export interface Prep {
  meeting: Meeting;
  /** What the meeting was read with, to mark it prepared for without reading it again. */
  record: Awaited<ReturnType<typeof meetingRecord>>;
  companies: string[];
  persona: BuyerPersona | null;
  segment: BuyerSegment | null;
  situation: MeetingSituation;
  discovery: DiscoveryQuestion[];
  icpQuestions: DiscoveryQuestion[];
  coach: SalesSituation | null;
  caseStudy: CaseStudy | null;
  questions: ReviewQuestion[];
}

/** The words the review questions are chosen by: the persona's name and title, the situation's name. */
const questionWords = (persona: BuyerPersona | null, situation: MeetingSituation) => [
  ...(persona ? [...persona.name.split(' '), ...persona.title.split(/\W+/)] : []),
  ...SITUATIONS[situation].label.split(' '),
];

/** The prep of one of the person's meetings; a 404 HttpError when it is not in their calendar. */
export async function prepOf(userId: string, meetingId: string): Promise<Prep> {
  const record = await meetingRecord(userId, meetingId);
  const { meeting } = record;
  const situation = situationOf(meeting.title);
  const [persona, segment, questions, situations] = await Promise.all([
    meeting.persona === null ? null : getPersona(Number(meeting.persona)),
    meeting.segment === null ? null : getSegment(Number(meeting.segment)),
    getDiscoveryQuestions(),
    getSalesSituations(),
  ]);
  const [caseStudies, reviewQuestions] = await Promise.all([
    segment ? getCaseStudiesOfSegment(segment.id) : [],
    prepQuestions(userId, questionWords(persona, situation)),
  ]);
  const filter = { ...(persona ? { personaId: persona.id } : {}), ...(segment ? { segmentId: segment.id } : {}) };
  const matching = filterDiscoveryQuestions(questions, filter);
  return {
    meeting,
    record,
    companies: [...new Set(meeting.attendees.map((attendee) => attendee.domain))]
      .filter((domain) => !isCompanyDomain(domain, companyDomains()))
      .map(companyName),
    persona,
    segment,
    situation,
    discovery: matching.filter((question) => question.stage !== 'situation').slice(0, 5),
    icpQuestions: matching.filter((question) => question.stage === 'situation').slice(0, 4),
    coach: situations.find((one) => one.id === SITUATIONS[situation].coachId) ?? null,
    caseStudy: caseStudies[0] ?? null,
    questions: reviewQuestions,
  };
}

/** Answers the page's three questions (they count as review) and marks the meeting prepared for. */
export async function answerPrep(userId: string, prep: Prep, answers: Readonly<Record<string, string>>, now: Date): Promise<PrepVerdict[]> {
  const complete = prep.questions.every((question) => question.options.some((option) => option.id === answers[question.id]));
  if (!complete) throw new HttpError(400, PREP_REVIEW_MESSAGES.unanswered);
  // Both writes at once: the answers are create-only events, the mark is written over the version read.
  const [verdicts] = await Promise.all([
    answerPrepQuestions(userId, questionWords(prep.persona, prep.situation), answers, now),
    markPrepared(userId, prep.record),
  ]);
  return verdicts;
}
