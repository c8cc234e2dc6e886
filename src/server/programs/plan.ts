/**
 * A person's plan, computed from their program, their start date and what is already recorded (the
 * evidence): each item's due date and status, day N of M, the certificate. Pure: the person's own pages
 * read the evidence from their records (./evidence.ts), Team Progress from the team rollup; both get the
 * same answer from here. Days are calendar days in the person's time zone, UTC without one (docs/decisions.md
 * "Onboarding programs").
 */
import type { Program, ProgramItem } from '~/server/content/programs';
import { completedLessonCode } from '~/shared/learning/revisions';
import { dayOf, isoDay } from '~/shared/review/days';
import { addMonths } from '~/shared/freshness/dates';
import { localTime } from '~/shared/time-zone';

type PlanItemStatus = 'done' | 'due' | 'overdue' | 'upcoming';
export type CertificateStatus = 'valid' | 'expired' | 'renewal_needed';

/** A sign-off as recorded. */
export interface SignoffEvidence {
  at: Date;
  byName: string;
  note: string | null;
}

/** What a person has done that a plan can count: read from their records or from the team rollup. */
export interface PlanEvidence {
  /** First completion per lesson and revision, keyed `moduleId/lessonCode` (lessonCode: `101` or `101.r2`). */
  lessons: ReadonlyMap<string, Date>;
  /** First result of 80 % or more, per quiz id. */
  quizPasses: ReadonlyMap<number, Date>;
  /** First visit per page path. */
  reads: ReadonlyMap<string, Date>;
  /** Sign-offs keyed `programId/itemId`. */
  signoffs: ReadonlyMap<string, SignoffEvidence>;
  /** Current mastery per module (percent) and the time of the latest answer among its questions. */
  mastery: ReadonlyMap<number, { percent: number; latestAnswer: Date | null }>;
  /** When each certificate was issued, keyed `programId/startDate`. */
  certificates: ReadonlyMap<string, Date>;
  /** First passing review of each practice scenario, by scenario id. */
  practicePasses: ReadonlyMap<string, Date>;
  /** Lessons a passed placement check completed, keyed `moduleId/lessonId`. */
  testedOut?: ReadonlySet<string>;
}

export interface Assignment {
  programId: string;
  /** YYYY-MM-DD. */
  startDate: string;
}

export interface PlanItem {
  id: string;
  title: string;
  kind: ProgramItem['kind'];
  required: boolean;
  dueDate: string;
  status: PlanItemStatus;
  doneAt: string | null;
  /** Done, and every lesson of it by a passed placement check rather than by reading. */
  testedOut: boolean;
  href: string;
  /** A sign-off's instructions, and who signed it off. */
  instructions: string | null;
  signedOffBy: string | null;
  signoffNote: string | null;
}

export interface Certificate {
  title: string;
  issuedAt: string;
  expiresAt: string;
  status: CertificateStatus;
  /** Required items done by a passed placement check rather than by reading. */
  testedOut: number;
}

export interface Plan {
  program: Program;
  startDate: string;
  /** Day N of the program (1 on the start day; 0 before it). */
  day: number;
  items: PlanItem[];
  /** Required items done, and required items. */
  requiredDone: number;
  required: number;
  /** Required items past their due date and not done. */
  overdue: number;
  certificate: Certificate | null;
  /** When the certificate to record was earned: every required item is done and none is recorded for this assignment. */
  certificateToIssue: Date | null;
}

const dayOfDate = (date: string): number => dayOf(new Date(`${date}T00:00:00Z`));

/** When an item was done, or null: lessons on the revision that counts today, quizzes passed, pages read, sign-offs,
 * practice passed in review, mastery now. */
function doneAt(item: ProgramItem, programId: string, evidence: PlanEvidence): Date | null {
  switch (item.kind) {
    case 'lesson':
    case 'module': {
      let latest: Date | null = null;
      for (const lesson of item.lessons) {
        const at =
          evidence.lessons.get(`${lesson.moduleId}/${completedLessonCode(lesson.lessonId, lesson.materialRevision)}`) ??
          laterRevision(lesson, evidence);
        if (!at) return null;
        if (!latest || at > latest) latest = at;
      }
      return latest;
    }
    case 'quiz':
      return evidence.quizPasses.get(item.quizId) ?? null;
    case 'read':
      return evidence.reads.get(item.page) ?? null;
    case 'signoff':
      return evidence.signoffs.get(`${programId}/${item.id}`)?.at ?? null;
    case 'practice':
      return evidence.practicePasses.get(item.scenarioId) ?? null;
    case 'mastery': {
      const mastery = evidence.mastery.get(item.moduleId);
      return mastery && mastery.percent >= item.threshold ? (mastery.latestAnswer ?? new Date(0)) : null;
    }
  }
}

/** A completion on a revision after the latest material one (a typo fix since) counts too. */
function laterRevision(lesson: { moduleId: number; lessonId: number; materialRevision: number }, evidence: PlanEvidence): Date | null {
  const prefix = `${lesson.moduleId}/${lesson.lessonId}.r`;
  let first: Date | null = null;
  for (const [key, at] of evidence.lessons) {
    if (key.startsWith(prefix) && Number(key.slice(prefix.length)) > lesson.materialRevision && (!first || at < first)) first = at;
  }
  return first;
}

/** A done lesson or module item whose every lesson a passed placement check completed. */
function testedOut(item: ProgramItem, evidence: PlanEvidence): boolean {
  if (item.kind !== 'lesson' && item.kind !== 'module') return false;
  const tested = evidence.testedOut;
  return (
    tested !== undefined && item.lessons.length > 0 && item.lessons.every((lesson) => tested.has(`${lesson.moduleId}/${lesson.lessonId}`))
  );
}

function itemStatus(done: Date | null, dueDay: number, today: number): PlanItemStatus {
  if (done) return 'done';
  if (dueDay < today) return 'overdue';
  // "Due" from seven days before the due date: what to do this week.
  return dueDay - today < 7 ? 'due' : 'upcoming';
}

/**
 * A certificate once issued: valid until it expires; "renewal needed" while a required lesson or module
 * item is no longer done (its content changed materially since: completions of earlier revisions no
 * longer count).
 */
function certificateOf(program: Program, issuedAt: Date, items: readonly PlanItem[], today: number): Certificate {
  const issued = issuedAt.toISOString();
  const expiresAt = `${addMonths(issued.slice(0, 10), program.certificate.validMonths)}T${issued.slice(11)}`;
  const reopened = items.some((item) => item.required && (item.kind === 'lesson' || item.kind === 'module') && item.status !== 'done');
  const expired = dayOf(new Date(expiresAt)) <= today;
  return {
    title: program.certificate.title,
    issuedAt: issued,
    expiresAt,
    status: expired ? 'expired' : reopened ? 'renewal_needed' : 'valid',
    testedOut: items.filter((item) => item.required && item.testedOut).length,
  };
}

/** The plan of one person on one day: their calendar day when they have a time zone, else UTC's. */
export function computePlan(
  program: Program,
  assignment: Assignment,
  evidence: PlanEvidence,
  now: Date,
  timeZone: string | null = null,
): Plan {
  const today = dayOfDate(localTime(now, timeZone).date);
  const start = dayOfDate(assignment.startDate);
  const items = program.items.map((item): PlanItem => {
    const dueDay = start + item.due;
    const done = doneAt(item, program.id, evidence);
    const signoff = item.kind === 'signoff' ? evidence.signoffs.get(`${program.id}/${item.id}`) : undefined;
    return {
      id: item.id,
      title: item.title,
      kind: item.kind,
      required: item.required,
      dueDate: isoDay(dueDay),
      status: itemStatus(done, dueDay, today),
      doneAt: done ? done.toISOString() : null,
      testedOut: done !== null && testedOut(item, evidence),
      href: item.href,
      instructions: item.kind === 'signoff' ? item.instructions : null,
      signedOffBy: signoff?.byName ?? null,
      signoffNote: signoff?.note ?? null,
    };
  });
  const required = items.filter((item) => item.required);
  const requiredDone = required.filter((item) => item.status === 'done');
  const stored = evidence.certificates.get(`${program.id}/${assignment.startDate}`) ?? null;
  const complete = required.length > 0 && requiredDone.length === required.length;
  const certificateToIssue =
    !stored && complete ? new Date(requiredDone.map((item) => item.doneAt!).reduce((a, b) => (b > a ? b : a))) : null;
  const issuedAt = stored ?? certificateToIssue;
  return {
    program,
    startDate: assignment.startDate,
    day: Math.max(0, today - start + 1),
    items,
    requiredDone: requiredDone.length,
    required: required.length,
    overdue: required.filter((item) => item.status === 'overdue').length,
    certificate: issuedAt ? certificateOf(program, issuedAt, items, today) : null,
    certificateToIssue,
  };
}

export type PlanStatus = 'on_track' | 'behind' | 'overdue' | 'certified' | 'none';

/**
 * How a plan stands, for Team Progress: certified (a valid certificate), overdue (a required item past
 * its due date), behind (fewer required items done than the days gone by would have: the share of the
 * program's days before today, of the required items, rounded down), on track, or none.
 */
export function planStatus(plan: Plan | null): PlanStatus {
  if (!plan) return 'none';
  if (plan.certificate?.status === 'valid') return 'certified';
  if (plan.overdue > 0) return 'overdue';
  const daysGone = Math.min(plan.program.lengthDays, Math.max(0, plan.day - 1));
  const expected = Math.floor((plan.required * daysGone) / plan.program.lengthDays);
  return plan.requiredDone < expected ? 'behind' : 'on_track';
}
