/**
 * A team member's page under Team Progress (administrators): their plan as they see it, the assignment
 * history, the programs to assign; and its forms (assign, move the start or switch, end, sign off), which
 * work without JavaScript and answer what the page shows next (Post/Redirect/Get).
 */
import type { AstroGlobal } from 'astro';
import { assignProgramRequestSchema, endAssignmentRequestSchema, signOffRequestSchema, type ProgramRow } from '~/shared/api/programs';
import type { PublicUser } from '~/shared/api/users';
import { isAccountId } from '~/shared/routes';
import { accountById } from '~/server/accounts/accounts';
import { HttpError } from '~/server/errors';
import { readFormFields } from '~/server/http/request';
import { formAnswer, whenValid } from '~/server/http/form';
import type { Plan } from './plan';
import { readEvidence } from './evidence';
import { assignProgram, endAssignment, listPlanRecords, listPrograms, planFromRecords, signOff, type Person } from './programs';
import { assignments, type AssignmentRecord } from './storage/assignments';
import { signoffs } from './storage/signoffs';

export interface PersonPage {
  person: Person['user'];
  plan: Plan | null;
  history: AssignmentRecord[];
  programs: ProgramRow[];
}

/** Everything the page shows, read at once; null for an unknown account. */
export async function personPage(userId: string, now: Date): Promise<PersonPage | null> {
  if (!isAccountId(userId)) return null;
  const [user, { events, listed }, programs] = await Promise.all([accountById(userId), listPlanRecords(userId, now), listPrograms()]);
  if (!user) return null;
  const [evidence, history] = await Promise.all([readEvidence(listed), assignments.history(userId, events)]);
  return {
    person: { id: user.id, username: user.username, name: user.name, disabled: user.disabled },
    plan: await planFromRecords(user.id, { events, evidence, timeZone: listed.review.timeZone }, now),
    history,
    programs,
  };
}

export const PERSON_DONE: Record<string, string> = {
  assigned: 'The program is assigned.',
  ended: 'The program has ended.',
  'signed-off': 'Signed off.',
};

export type PersonFormResult = { done: keyof typeof PERSON_DONE } | { error: string; status: number };

async function personById(userId: string): Promise<Person['user']> {
  const user = isAccountId(userId) ? await accountById(userId) : null;
  if (!user) throw new HttpError(404, 'No such team member');
  return { id: user.id, username: user.username, name: user.name, disabled: user.disabled };
}

/** One form sent from the page by an administrator (`by`). */
export async function handlePersonForm(
  astro: Pick<AstroGlobal, 'request'>,
  by: Pick<PublicUser, 'id' | 'name'>,
  userId: string,
  now: Date,
): Promise<PersonFormResult> {
  const fields = await readFormFields(astro.request);
  return formAnswer(async (): Promise<PersonFormResult> => {
    const user = await personById(userId);
    const reads = () => ({ user, events: assignments.events(userId), signed: signoffs.signed(userId) });
    switch (fields['action']) {
      case 'assign': {
        const parsed = assignProgramRequestSchema.safeParse({
          username: user.username,
          programId: fields['programId'],
          startDate: fields['startDate'] || undefined,
        });
        return whenValid(parsed, (request) => assignProgram(by, { user, records: listPlanRecords(userId, now) }, request, now), 'assigned');
      }
      case 'end': {
        const parsed = endAssignmentRequestSchema.safeParse({ reason: fields['reason'] });
        return whenValid(parsed, ({ reason }) => endAssignment(by, reads(), reason, now), 'ended');
      }
      case 'signoff': {
        const parsed = signOffRequestSchema.safeParse({
          username: user.username,
          itemId: fields['itemId'],
          note: fields['note'] || undefined,
        });
        return whenValid(parsed, (request) => signOff(by, reads(), request, now), 'signed-off');
      }
      default:
        return { error: 'action: unknown', status: 400 };
    }
  });
}
