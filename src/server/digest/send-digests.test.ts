// The digest pass against a local Blobs server and a real SMTP server in this process (smtp-server),
// each message parsed with mailparser: recipients, subject, both parts, links, unsubscribe headers; one
// mail for two overlapping passes; a refused send retried without a duplicate; 08:00 on a Los Angeles
// clock, on the days daylight saving time changes too; nobody with nothing due gets mail.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { useBlobsAndMail } from '~tools/local-mail/for-tests';
import { createUser } from '~/server/accounts/accounts';
import { sendMail } from '~/server/mail/transport';
import { getPreferences, updatePreferences } from '~/server/preferences/preferences';
import type { PlanDigest } from '~/server/programs/plan-digest';
import { getQuestionBank } from '~/server/review/question-bank';
import { recordAnswers } from '~/server/review/review-state';
import { backgroundWorkDone } from '~/server/background';
import { recordAssignment } from '~/server/programs/assignment';
import { certificates } from '~/server/programs/storage/certificates';
import { logSearch } from '~/server/search/search-log';
import { journal } from '~/server/journal/journal';
import { digestSends } from './storage/digest-sends';
import { sendDigests } from './send-digests';
import type { DigestSources } from './recipient';
import { teamDigest, type TeamDigest } from './team-digest';
import { unsubscribe } from './unsubscribe';

const ORIGIN = 'https://hub.parcelwise.example';
const PACIFIC = 'America/Los_Angeles';
const local = useBlobsAndMail({ beforeStop: backgroundWorkDone });

const emptyTeam: TeamDigest = {
  inactiveDays: 7,
  expiryNoticeDays: 30,
  planBehind: [],
  inactive: [],
  behind: [],
  certificatesExpiring: [],
  mostMissed: [],
  pastReview: [],
  foundNothingDays: 7,
  foundNothing: [],
  readerReportsOpen: 0,
};
/** The calls the calendar's service answers, by person (what it selects of a day has tests of its own: calendar/reminders.test.ts). */
const callsByUser: Record<string, Array<{ id: string; title: string; start: string }>> = {};
/** Everyone whose hour it is is read (the pre-selection from the team's figures has tests of its own: candidates.test.ts). */
const sources = (
  plans: Record<string, PlanDigest> = {},
  team: () => Promise<TeamDigest> = () => Promise.resolve(emptyTeam),
): DigestSources => ({
  candidates: (people) => Promise.resolve(new Set(people.map((person) => person.userId))),
  send: sendMail,
  planFor: (userId) => Promise.resolve(plans[userId] ?? null),
  practiceFor: () => Promise.resolve(null),
  callsFor: (userId) => Promise.resolve(callsByUser[userId] ?? []),
  team,
  links: (userId) => ({ origin: ORIGIN, unsubscribeUrl: `${ORIGIN}/unsubscribe?u=${userId}&t=signed` }),
});

/** A person (no program) with one wrong quiz answer the day before `dueDay` (due on it), in a zone. */
async function learnerWithDue(answeredAt: Date, timeZone: string | null, name = 'Lee Learner') {
  const user = await createUser({
    username: `${randomUUID().slice(0, 8)}@parcelwise.example`,
    password: null,
    name,
    role: 'user',
    createdBy: 'sso',
  });
  if (timeZone) await updatePreferences(user.id, { timeZone }, answeredAt);
  const question = (await getQuestionBank()).questions[0]!;
  const wrong = question.question.options.find((option) => !option.isCorrect)!;
  await recordAnswers(
    user.id,
    [
      {
        quizId: question.quiz.id,
        questionId: question.question.id,
        optionId: wrong.id,
        correct: false,
        confidence: null,
        revision: question.revision,
        materialRevision: question.materialRevision,
      },
    ],
    'quiz',
    answeredAt,
  );
  return user;
}

const { mailTo } = local;
const pass = (now: string, extra: Partial<Parameters<typeof sendDigests>[0]> = {}, plans: Record<string, PlanDigest> = {}) =>
  sendDigests({ now: new Date(now), ...extra }, sources(plans));
const newPerson = (name: string, role: 'user' | 'admin' = 'user') =>
  createUser({ username: `${randomUUID().slice(0, 8)}@parcelwise.example`, password: null, name, role, createdBy: 'sso' });

describe('the digest pass', () => {
  it('sends one message at 08:00 on a Los Angeles clock, with both parts, its links and the unsubscribe headers', async () => {
    const user = await learnerWithDue(new Date('2026-11-10T18:00:00Z'), PACIFIC, 'Lee "O\'Brien" <Learner>');
    await pass('2026-11-11T15:00:00Z'); // 07:00 PST: not yet
    expect(await mailTo(user.username)).toHaveLength(0);
    await pass('2026-11-11T16:00:00Z'); // 08:00 PST
    const [mail, ...others] = await mailTo(user.username);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe('1 review due');
    expect(mail!.from?.value).toEqual([{ name: 'Learning Hub', address: 'hub@parcelwise.example' }]);
    // Unfolded (a long header is folded onto a second line).
    const header = (name: string) => mail!.headerLines.find((line) => line.key === name)?.line.replace(/\r\n\s+/g, ' ');
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${ORIGIN}/unsubscribe?u=${user.id}&t=signed>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail!.text).toContain('Hello Lee "O\'Brien" <Learner>,');
    expect(mail!.text).toContain(`- 1 review due today\n  ${ORIGIN}/review`);
    expect(mail!.text).toContain(`Change it in your settings: ${ORIGIN}/settings#notifications`);
    expect(mail!.text).toContain(`Unsubscribe in one click: ${ORIGIN}/unsubscribe?u=${user.id}&t=signed`);
    expect(mail!.html).toContain(`<a href="${ORIGIN}/review">1 review due today</a>`);
    expect(mail!.html).toContain('Hello Lee &quot;O&#39;Brien&quot; &lt;Learner&gt;,');
    expect(mail!.html).toContain(`<a href="${ORIGIN}/unsubscribe?u=${user.id}&amp;t=signed">Unsubscribe in one click</a>`);
    expect(mail!.html).not.toContain('<img');
    await pass('2026-11-11T17:00:00Z'); // the next hour: nothing more
    expect(await mailTo(user.username)).toHaveLength(1);
  });

  it.each([
    ['the day clocks go forward', '2026-03-07T20:00:00Z', '2026-03-08T14:00:00Z', '2026-03-08T15:00:00Z'],
    ['the day clocks go back', '2026-10-31T20:00:00Z', '2026-11-01T15:00:00Z', '2026-11-01T16:00:00Z'],
    ['a summer day', '2026-07-01T20:00:00Z', '2026-07-02T14:00:00Z', '2026-07-02T15:00:00Z'],
  ])('keeps 08:00 local on %s', async (_day, answeredAt, before, eight) => {
    const user = await learnerWithDue(new Date(answeredAt), PACIFIC);
    await pass(before);
    expect(await mailTo(user.username)).toHaveLength(0);
    await pass(eight);
    expect((await mailTo(user.username)).map((mail) => mail.subject)).toEqual(['1 review due']);
  });

  it('sends nothing to people with nothing due, with the digest off, on hold or disabled', async () => {
    const idle = await createUser({
      username: `${randomUUID().slice(0, 8)}@parcelwise.example`,
      password: null,
      name: 'Idle',
      role: 'user',
      createdBy: 'sso',
    });
    const off = await learnerWithDue(new Date('2026-11-16T01:00:00Z'), null);
    await updatePreferences(off.id, { digest: 'off' }, new Date('2026-11-16T01:00:00Z'));
    const held = await learnerWithDue(new Date('2026-11-16T01:00:00Z'), null);
    await updatePreferences(held.id, { reviewHoldUntil: '2026-11-20' }, new Date('2026-11-16T01:00:00Z'));
    const result = await pass('2026-11-17T08:00:00Z');
    for (const person of [idle, off, held]) expect(await mailTo(person.username)).toHaveLength(0);
    expect(result.nothingToDo).toBeGreaterThan(0);
  });

  it('renders the plan part it is given, in the subject and both parts', async () => {
    const user = await learnerWithDue(new Date('2026-11-17T01:00:00Z'), null);
    const plan: PlanDigest = {
      overdue: [{ title: 'Shadow a discovery call', dueDate: '2026-11-15', href: '/plan#item-3' }],
      dueToday: [{ title: 'Pricing quiz', dueDate: '2026-11-18', href: '/quizzes/4' }],
      certificateExpiring: { title: 'Dangerous goods basics', expiresAt: '2026-11-30' },
    };
    await pass('2026-11-18T08:00:00Z', {}, { [user.id]: plan });
    const [mail] = await mailTo(user.username);
    expect(mail!.subject).toBe('1 review due · 1 plan item overdue · 1 plan item due today · certificate expiring soon');
    expect(mail!.text).toContain(`- Overdue since 2026-11-15: Shadow a discovery call\n  ${ORIGIN}/plan#item-3`);
    expect(mail!.text).toContain(`- Due today: Pricing quiz\n  ${ORIGIN}/quizzes/4`);
    expect(mail!.text).toContain('- Your certificate "Dangerous goods basics" expires on 2026-11-30.');
    expect(mail!.html).toContain(`<a href="${ORIGIN}/plan#item-3">Overdue since 2026-11-15: Shadow a discovery call</a>`);
  });

  it("lists the day's calls first, each at its time on the person's clock with its prep page, in the subject and both parts", async () => {
    const user = await newPerson('Cal Caller');
    await updatePreferences(user.id, { timeZone: PACIFIC }, new Date('2026-12-08T20:00:00Z'));
    callsByUser[user.id] = [
      { id: 'a'.repeat(20), title: 'Globex discovery call', start: '2026-12-09T16:30:00.000Z' },
      { id: 'b'.repeat(20), title: 'Hooli renewal & "pricing"', start: '2026-12-09T23:05:00.000Z' },
    ];
    await pass('2026-12-09T16:00:00Z'); // 08:00 PST; nothing else is waiting: the calls alone are news
    const [mail, ...more] = await mailTo(user.username);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('2 calls today');
    const text = mail!.text!;
    expect(text.slice(text.indexOf('Your calls today'), text.indexOf('\n\n--'))).toBe(
      [
        'Your calls today',
        `- 08:30 Globex discovery call\n  ${ORIGIN}/prep/${'a'.repeat(20)}`,
        `- 15:05 Hooli renewal & "pricing"\n  ${ORIGIN}/prep/${'b'.repeat(20)}`,
      ].join('\n'),
    );
    expect(mail!.html).toContain(
      `<h2 style="font-size:16px;margin:20px 0 6px">Your calls today</h2><ul style="margin:0;padding-left:20px">` +
        `<li><a href="${ORIGIN}/prep/${'a'.repeat(20)}">08:30 Globex discovery call</a></li>` +
        `<li><a href="${ORIGIN}/prep/${'b'.repeat(20)}">15:05 Hooli renewal &amp; &quot;pricing&quot;</a></li></ul>`,
    );
  });

  it('puts one call before the reviews due, in the subject and the body', async () => {
    const user = await learnerWithDue(new Date('2026-12-09T20:00:00Z'), null);
    callsByUser[user.id] = [{ id: 'c'.repeat(20), title: 'Initech demo', start: '2026-12-10T14:00:00.000Z' }];
    await pass('2026-12-10T08:00:00Z');
    const [mail] = await mailTo(user.username);
    expect(mail!.subject).toBe('1 call today · 1 review due');
    const headings = [...(mail!.html as string).matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((match) => match[1]);
    expect(headings).toEqual(['Your calls today', 'Spaced review']);
    expect(mail!.text).toContain(`Your calls today\n- 14:00 Initech demo\n  ${ORIGIN}/prep/${'c'.repeat(20)}`);
  });

  it('sends one mail when two passes overlap', async () => {
    const user = await learnerWithDue(new Date('2026-11-18T01:00:00Z'), null);
    const [first, second] = await Promise.all([pass('2026-11-19T08:00:00Z'), pass('2026-11-19T08:00:30Z')]);
    expect(await mailTo(user.username)).toHaveLength(1);
    expect(first.alreadyClaimed + second.alreadyClaimed).toBeGreaterThanOrEqual(1);
  });

  it('retries a refused send in a later pass without a duplicate, three tries a day at most', async () => {
    const user = await learnerWithDue(new Date('2026-11-19T01:00:00Z'), null);
    local.smtp.refuseNext(1, user.username);
    const first = await pass('2026-11-20T08:00:00Z');
    expect(first.outcomes.find((outcome) => outcome.to === user.username)?.result).toBe('failed');
    expect(await digestSends.of('2026-11-20', user.id)).toBeNull(); // released
    await pass('2026-11-20T08:10:00Z'); // backoff: too early
    expect(await mailTo(user.username)).toHaveLength(0);
    await pass('2026-11-20T09:00:00Z');
    expect(await mailTo(user.username)).toHaveLength(1);
    await pass('2026-11-20T10:00:00Z');
    expect(await mailTo(user.username)).toHaveLength(1);

    const stubborn = await learnerWithDue(new Date('2026-11-19T01:00:00Z'), null);
    local.smtp.refuseNext(10, stubborn.username);
    for (const now of ['2026-11-21T08:00:00Z', '2026-11-21T09:00:00Z', '2026-11-21T11:00:00Z', '2026-11-21T14:00:00Z']) await pass(now);
    expect((await digestSends.failures('2026-11-21')).find((failure) => failure.userId === stubborn.id)?.tries).toBe(3);
    local.smtp.refuseNext(0);
  });

  it('finishes an hour a pass left unfinished, in the next pass', async () => {
    const user = await learnerWithDue(new Date('2026-11-21T20:00:00Z'), null);
    const cut = await pass('2026-11-22T08:00:00Z', { budgetMs: 0 });
    expect(cut.finished).toBe(false);
    expect(await mailTo(user.username)).toHaveLength(0);
    const next = await pass('2026-11-22T09:00:00Z');
    expect(next.hours).toEqual(['2026-11-22T08:00:00.000Z', '2026-11-22T09:00:00.000Z']);
    expect(await mailTo(user.username)).toHaveLength(1);
  });

  it('plans without sending on a dry run', async () => {
    const user = await learnerWithDue(new Date('2026-11-22T20:00:00Z'), null);
    const result = await pass('2026-11-23T08:00:00Z', { dryRun: true });
    expect(result.outcomes).toContainEqual({ to: user.username, subject: '1 review due', result: 'planned' });
    expect(await mailTo(user.username)).toHaveLength(0);
    expect(await digestSends.of('2026-11-23', user.id)).toBeNull();
  });

  it('an unsubscribe link turns the digest off, and a forged one changes nothing', async () => {
    const user = await learnerWithDue(new Date('2026-11-23T20:00:00Z'), null);
    const { unsubscribeUrl } = await import('./unsubscribe');
    const link = new URL(unsubscribeUrl(ORIGIN, user.id));
    const token = link.searchParams.get('t')!;
    const forged = `${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`;
    await expect(unsubscribe(user.id, forged, new Date())).rejects.toThrow('This unsubscribe link is not valid.');
    await expect(unsubscribe(randomUUID(), token, new Date())).rejects.toThrow('This unsubscribe link is not valid.');
    expect((await getPreferences(user.id)).digest).toBe('daily');
    await unsubscribe(link.searchParams.get('u'), link.searchParams.get('t'), new Date());
    expect((await getPreferences(user.id)).digest).toBe('off');
    await pass('2026-11-24T08:00:00Z');
    expect(await mailTo(user.username)).toHaveLength(0);
  });

  it("gives an administrator, on Monday, the people overdue on their plan and the certificates expiring within 30 days, from the team's figures", async () => {
    const now = new Date('2026-11-30T08:00:00Z'); // a Monday
    const admin = await newPerson('Avery Admin', 'admin');
    const overdue = await newPerson('Olive Overdue');
    const renewing = await newPerson('Rene Renewing');
    const by = { id: admin.id, name: admin.name };
    await recordAssignment(by, overdue, [], 'discovery-refresher', '2026-11-20', new Date('2026-11-20T09:00:00Z'));
    // Certified in June on an assignment of May: the certificate runs out on 10 December.
    await recordAssignment(by, renewing, [], 'discovery-refresher', '2026-05-20', new Date('2026-05-20T09:00:00Z'));
    const issued = { programId: 'discovery-refresher', startDate: '2026-05-20', issuedAt: '2026-06-10T09:00:00.000Z' };
    await certificates.add(renewing.id, issued);
    await journal.add(renewing.id, {
      kind: 'certificate',
      programId: 'discovery-refresher',
      startDate: '2026-05-20',
      recordedAt: issued.issuedAt,
    });
    // The week's searches: one still finds nothing, one found nothing then but finds pages now, one is older than the week.
    logSearch('quokka leasing', 0, null, 'ana', new Date('2026-11-28T10:00:00Z'));
    logSearch('quokka leasing', 0, null, 'ana', new Date('2026-11-29T10:00:00Z'));
    logSearch('broker', 0, null, 'ana', new Date('2026-11-28T11:00:00Z'));
    logSearch('wombat zoning', 0, null, 'ana', new Date('2026-11-20T10:00:00Z'));
    await backgroundWorkDone();

    await sendDigests(
      { now },
      sources({}, () => teamDigest(now)),
    );
    const [mail, ...more] = await mailTo(admin.username);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Your weekly team summary');
    // Most overdue first; nothing of the renewed program is done, so its certificate needs renewal.
    // The committed program: its required items, and those due before day 10 (Olive's), which are overdue now.
    const refresher = parse(readFileSync('content/programs/discovery-refresher.yaml', 'utf8')) as {
      items: Array<{ due: number; required?: boolean }>;
    };
    const required = refresher.items.filter((item) => item.required !== false);
    const olives = required.filter((item) => item.due < 10).length;
    expect(olives).toBeGreaterThan(0);
    expect(olives).toBeLessThan(required.length);
    expect(mail!.text).toContain(
      [
        'Overdue or behind on their onboarding plan',
        `- Rene Renewing (Discovery refresher): ${required.length} required items overdue, 0 of ${required.length} done\n  ${ORIGIN}/team-progress/${renewing.id}`,
        `- Olive Overdue (Discovery refresher): ${olives} required items overdue, 0 of ${required.length} done\n  ${ORIGIN}/team-progress/${overdue.id}`,
      ].join('\n'),
    );
    expect(mail!.text).toContain(
      [
        'Certificates expiring in the next 30 days',
        `- Rene Renewing: "Current on discovery" expires on 2026-12-10 (renewal needed)\n  ${ORIGIN}/team-progress/${renewing.id}`,
      ].join('\n'),
    );
    expect(mail!.html).toContain(
      `<li><a href="${ORIGIN}/team-progress/${overdue.id}">Olive Overdue (Discovery refresher): ${olives} required items overdue, 0 of ${required.length} done</a></li>`,
    );
    expect(mail!.html).toContain(
      `<a href="${ORIGIN}/team-progress/${renewing.id}">Rene Renewing: &quot;Current on discovery&quot; expires on 2026-12-10 (renewal needed)</a>`,
    );
    expect(mail!.text).toContain(
      [
        'Searched, found nothing (last 7 days)',
        `- "quokka leasing": 2 searches\n  ${ORIGIN}/search?q=quokka%20leasing`,
        `- What to do about each: Content health\n  ${ORIGIN}/content-health`,
      ].join('\n'),
    );
    expect(mail!.text).not.toContain('"broker"');
    expect(mail!.text).not.toContain('wombat');
    // Learners get no team part.
    expect(await mailTo(overdue.username)).toHaveLength(0);
  });

  it('renders every part of the team summary it is given, plans first, in both parts', async () => {
    const admin = await newPerson('Blake Admin', 'admin');
    const team: TeamDigest = {
      ...emptyTeam,
      planBehind: [
        {
          name: 'Otto',
          program: 'SDR onboarding',
          status: 'overdue',
          overdueItems: 1,
          planDone: 2,
          planRequired: 9,
          planDay: 12,
          href: '/team-progress/u-otto',
        },
        {
          name: 'Bea',
          program: 'SDR onboarding',
          status: 'behind',
          overdueItems: 0,
          planDone: 1,
          planRequired: 9,
          planDay: 10,
          href: '/team-progress/u-bea',
        },
      ],
      inactive: [{ name: 'Ina', lastActive: '2026-12-01' }],
      behind: [{ name: 'Pat', modulesCompleted: 1, modulesExpected: 3 }],
      certificatesExpiring: [
        { name: 'Cid', title: 'SDR ready', expiresAt: '2026-12-20', renewalNeeded: false, href: '/team-progress/u-cid' },
      ],
      mostMissed: [{ text: 'What is a broker?', quizTitle: 'Industry basics', missRate: 0.5, answers: 8, href: '/modules/2/lessons/201' }],
      pastReview: [{ title: 'Pricing', reviewBy: '2026-11-01', href: '/sales-kit/pricing' }],
      foundNothing: [
        { query: 'zillow', count: 3, href: '/search?q=zillow' },
        { query: 'cap rate & noi', count: 1, href: '/search?q=cap%20rate%20%26%20noi' },
      ],
      readerReportsOpen: 2,
    };
    await sendDigests(
      { now: new Date('2026-12-07T08:00:00Z') },
      sources({}, () => Promise.resolve(team)),
    );
    const [mail] = await mailTo(admin.username);
    expect(mail!.subject).toBe('Your weekly team summary');
    const body = mail!.text!.slice(mail!.text!.indexOf('Overdue or behind'), mail!.text!.indexOf('\n\n--'));
    expect(body).toBe(
      [
        'Overdue or behind on their onboarding plan',
        `- Otto (SDR onboarding): 1 required item overdue, 2 of 9 done\n  ${ORIGIN}/team-progress/u-otto`,
        `- Bea (SDR onboarding): behind, 1 of 9 required items done on day 10\n  ${ORIGIN}/team-progress/u-bea`,
        '',
        'Inactive for 7 days',
        '- Ina (last active 2026-12-01)',
        `- See Team Progress\n  ${ORIGIN}/team-progress`,
        '',
        'Behind their pace',
        '- Pat: 1 of 3 modules expected by now',
        `- See Team Progress\n  ${ORIGIN}/team-progress`,
        '',
        'Certificates expiring in the next 30 days',
        `- Cid: "SDR ready" expires on 2026-12-20\n  ${ORIGIN}/team-progress/u-cid`,
        '',
        'Most-missed questions',
        `- 50 % missed (8 answers): What is a broker? (Industry basics)\n  ${ORIGIN}/modules/2/lessons/201`,
        '',
        'Content past its review date',
        `- Pricing: review was due 2026-11-01\n  ${ORIGIN}/sales-kit/pricing`,
        '',
        'Searched, found nothing (last 7 days)',
        `- "zillow": 3 searches\n  ${ORIGIN}/search?q=zillow`,
        `- "cap rate & noi": 1 search\n  ${ORIGIN}/search?q=cap%20rate%20%26%20noi`,
        `- What to do about each: Content health\n  ${ORIGIN}/content-health`,
        '',
        'Reports from readers',
        `- 2 reader reports open\n  ${ORIGIN}/content-health#reader-reports`,
      ].join('\n'),
    );
    const headings = [...(mail!.html as string).matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((match) => match[1]);
    expect(headings).toEqual([
      'Overdue or behind on their onboarding plan',
      'Inactive for 7 days',
      'Behind their pace',
      'Certificates expiring in the next 30 days',
      'Most-missed questions',
      'Content past its review date',
      'Searched, found nothing (last 7 days)',
      'Reports from readers',
    ]);
    expect(mail!.html).toContain(
      `<li><a href="${ORIGIN}/search?q=cap%20rate%20%26%20noi">&quot;cap rate &amp; noi&quot;: 1 search</a></li>`,
    );
    expect(mail!.html).toContain(
      `<li><a href="${ORIGIN}/team-progress/u-bea">Bea (SDR onboarding): behind, 1 of 9 required items done on day 10</a></li>`,
    );
    expect(mail!.html).toContain(`<li><a href="${ORIGIN}/team-progress/u-cid">Cid: &quot;SDR ready&quot; expires on 2026-12-20</a></li>`);
  });
});
