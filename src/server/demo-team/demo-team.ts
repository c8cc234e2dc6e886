/**
 * The demo team of local runs (docs/decisions.md "A demo team in local runs"): about fifteen people across
 * the SDR, AE and CSM plans with up to three months of history, so a newcomer's first look at Team Progress,
 * the plan and the digest shows the product at work. Never in a deployment (isLocalRun), never when
 * PARCELWISE_DEMO_TEAM=off (the test suites). Every record is made by the services real use goes through,
 * at the moment it would have happened; the choices come from one seeded generator, so the team is the same
 * on every machine, relative to today. Made once per store: a create-only marker.
 */
import { createUser, ensureDemoAccounts, existingUser } from '~/server/accounts/accounts';
import { DEMO_ADMIN, DEMO_USER } from '~/server/demo-accounts';
import { backgroundWorkDone } from '~/server/background';
import { getPracticeScenario } from '~/server/content/practice';
import { getProgram, type ProgramItem } from '~/server/content/programs';
import { getModule, getQuiz } from '~/server/content/learning';
import { milestonesOfProgram } from '~/server/content/outcomes';
import { recordLessonCompletions } from '~/server/learning/progress';
import { recordOutcome } from '~/server/outcomes/outcomes';
import { submitQuizResult } from '~/server/learning/quiz-results';
import { createTextAttempt, reviewAttempt, submitAttempt } from '~/server/practice/practice';
import { assignProgram, personByUsername, planFromRecords, readPlanRecords, signOff, signoffReadsOf } from '~/server/programs/programs';
import { answerReview, getReviewSession } from '~/server/review/review';
import { getQuestionBank } from '~/server/review/question-bank';
import { rebuildRollups } from '~/server/team/team-rollup';
import { recordVisit } from '~/server/team/visits';
import { trackVisitRequestSchema } from '~/shared/api/team';
import { DAY_MS, dayOf, isoDay, startOfDay } from '~/shared/review/days';
import { seededRandom } from '~/shared/seeded-random';
import { DEMO_LEARNER_STORY, DEMO_TEAM, type DemoMember } from './roster';
import { demoTeamMarker } from './storage/made';
import { demoTeamWanted } from './wanted';

const SEED = 20261202;
/** How long after the plan's length someone keeps reviewing, at most, to reach the mastery it asks. */
const SESSION_DAYS_AFTER_PLAN = 40;
type Admin = { id: string; name: string; username: string };
type Story = Pick<DemoMember, 'programId' | 'startedDaysAgo' | 'pace' | 'stoppedAfterDays' | 'signedOff' | 'practiceWaiting'>;

let making: Promise<void> | null = null;

/** Makes the demo team once per store (a second start finds the marker and leaves it as it is). */
export function ensureDemoTeam(now: Date = new Date()): Promise<void> {
  if (!demoTeamWanted()) return Promise.resolve();
  making ??= makeDemoTeam(now).catch((error: unknown) => console.error('demo team: could not make it', error));
  return making;
}

/** Claims the store's marker, then makes these members and the demo learner's story; nothing when claimed already. */
export async function makeDemoTeam(now: Date, members: readonly DemoMember[] = DEMO_TEAM): Promise<void> {
  await ensureDemoAccounts();
  if (!(await demoTeamMarker.claim(now, SEED))) return;
  const random = seededRandom(SEED);
  const admin = await existingUser(DEMO_ADMIN.username);
  for (const member of members) {
    const user = await createUser({ username: member.username, name: member.name, role: 'user', password: null, createdBy: 'operator' });
    await liveStory({ id: user.id, username: user.username }, member, admin, now, random);
  }
  const learner = await existingUser(DEMO_USER.username);
  await liveStory({ id: learner.id, username: learner.username }, DEMO_LEARNER_STORY, admin, now, random);
  await backgroundWorkDone();
  // The team figures fold the journal forward in time; this history was written after its moments.
  await rebuildRollups(now);
}

/** A moment of a day: working hours, minutes apart, so each record has its own time. */
const at = (day: number, random: () => number): Date => new Date(startOfDay(day).getTime() + (9 + random() * 8) * 3_600_000);

/** One person's plan, lived day by day up to today. */
async function liveStory(person: { id: string; username: string }, story: Story, admin: Admin, now: Date, random: () => number) {
  const program = await getProgram(story.programId);
  if (!program) throw new Error(`demo team: no program ${story.programId}`);
  const today = dayOf(now);
  const startDay = today - story.startedDaysAgo;
  const startedAt = at(startDay, random);
  await assignProgram(
    admin,
    await personByUsername(person.username, startedAt),
    { programId: program.id, startDate: isoDay(startDay) },
    startedAt,
  );
  const lastDay = Math.min(today, story.stoppedAfterDays === undefined ? today : startDay + story.stoppedAfterDays);
  const practice = program.items.filter((item) => item.kind === 'practice');
  for (const item of program.items) {
    const day = startDay + Math.max(0, Math.round(item.due / story.pace) - 1);
    if (day > lastDay) continue;
    const waits = story.practiceWaiting === true && item === practice.at(-1);
    await doItem(person, item, story, admin, { when: at(day, random), lastDay, waits }, random);
  }
  await reachMilestones(person.username, program.id, startDay, story.pace, admin, now, random);
  // Review sessions every few days while the person is active, until their plan has been seen complete (a plan
  // looked at complete issues its certificate, dated when its last item was done); then the plan as of today.
  let certified = false;
  const lastItemDay = startDay + Math.max(...program.items.map((item) => item.due));
  const sessionsEnd = Math.min(lastDay, startDay + program.lengthDays + SESSION_DAYS_AFTER_PLAN);
  for (let day = startDay + 2; day <= sessionsEnd && !certified; day += 3 + Math.floor(random() * 3)) {
    const when = at(day, random);
    await reviewSession(person.id, when, random);
    if (day >= lastItemDay)
      certified = (await planFromRecords(person.id, await readPlanRecords(person.id, when), when))?.certificate != null;
  }
  await planFromRecords(person.id, await readPlanRecords(person.id, now), now);
}

interface ItemMoment {
  when: Date;
  lastDay: number;
  /** A practice attempt sent but left for the administrator to review. */
  waits: boolean;
}

async function doItem(
  person: { id: string; username: string },
  item: ProgramItem,
  story: Story,
  admin: Admin,
  moment: ItemMoment,
  random: () => number,
) {
  const { when } = moment;
  switch (item.kind) {
    case 'lesson':
    case 'module': {
      const module = await getModule(item.lessons[0]!.moduleId);
      if (module)
        await recordLessonCompletions(
          person.id,
          module,
          item.lessons.map((lesson) => lesson.lessonId),
          { now: when },
        );
      return;
    }
    case 'quiz':
      return takeQuiz(person.id, item.quizId, when, random);
    case 'read':
      return recordVisit(person.id, trackVisitRequestSchema.parse({ pagePath: item.page, visitDate: when.toISOString() }), when);
    case 'practice':
      return practise(person.id, item.scenarioId, admin, moment);
    case 'signoff':
      if (story.signedOff)
        await signOff(admin, await signoffReadsOf(person.username), { itemId: item.id, note: 'Watched it live: ready.' }, when);
      return;
    case 'mastery':
      return; // reached or not by the review sessions
  }
}

/** A quiz taken as people do: most answers right, and a second try the next day when it did not pass. */
async function takeQuiz(userId: string, quizId: number, when: Date, random: () => number): Promise<void> {
  const quiz = await getQuiz(quizId);
  if (!quiz) return;
  const attempt = async (share: number, time: Date) => {
    const answers = quiz.questions.map((question) => {
      const right = question.options.find((option) => option.isCorrect)!;
      const wrong = question.options.find((option) => !option.isCorrect)!;
      return { questionId: question.id, selectedOptionId: (random() < share ? right : wrong).id };
    });
    return submitQuizResult(userId, { quizId, answers }, time);
  };
  const first = await attempt(0.85, when);
  if (first.score < 80) await attempt(1, new Date(when.getTime() + DAY_MS));
}

/** A typed answer (the model answer), sent for review, reviewed and passed the next day unless it waits. */
async function practise(userId: string, scenarioId: string, admin: Admin, moment: ItemMoment): Promise<void> {
  const scenario = await getPracticeScenario(scenarioId);
  if (!scenario) return;
  const attempt = await createTextAttempt(userId, { scenarioId, text: scenario.modelAnswer }, moment.when);
  const everyItem = Object.fromEntries(scenario.rubric.map((item) => [item.id, true]));
  await submitAttempt(userId, attempt.id, everyItem, new Date(moment.when.getTime() + 600_000));
  const reviewedAt = new Date(moment.when.getTime() + DAY_MS);
  if (moment.waits || dayOf(reviewedAt) > moment.lastDay) return;
  await reviewAttempt(admin, attempt.id, { marks: everyItem, comment: 'Clear opening and a good question back. Passed.' }, reviewedAt);
}

/**
 * The results of the job, recorded by the administrator: the faster learners reach them a little early, the
 * slower ones late (the hub shows both side by side and claims no cause). Only what has happened by today.
 */
async function reachMilestones(
  username: string,
  programId: string,
  startDay: number,
  pace: number,
  admin: Admin,
  now: Date,
  random: () => number,
) {
  for (const milestone of await milestonesOfProgram(programId)) {
    const day = startDay + Math.round((milestone.targetDays / pace) * (0.85 + random() * 0.3));
    if (day > dayOf(now)) continue;
    await recordOutcome({ kind: 'admin', user: admin }, { username, milestone: milestone.id, date: isoDay(day) }, at(day, random));
  }
}

/** One review session, answered mostly right: what builds (or does not build) mastery. */
async function reviewSession(userId: string, when: Date, random: () => number): Promise<void> {
  const [bank, session] = await Promise.all([getQuestionBank(), getReviewSession(userId, when)]);
  for (const card of session.questions) {
    const question = bank.byKey.get(card.id)?.question;
    if (!question) continue;
    const right = question.options.find((option) => option.isCorrect)!;
    const wrong = question.options.find((option) => !option.isCorrect)!;
    await answerReview(userId, { questionId: card.id, answerId: (random() < 0.9 ? right : wrong).id }, when);
  }
}
