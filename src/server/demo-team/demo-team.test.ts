// The demo team of local runs: made through the services, with the stories Team Progress must show, once per
// store, and not at all when switched off.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import { ensureDemoAccounts, existingUser, listUsers } from '~/server/accounts/accounts';
import { backgroundWorkDone } from '~/server/background';
import { DEMO_USER } from '~/server/demo-accounts';
import { planFromRecords, readPlanRecords } from '~/server/programs/programs';
import { recordedOutcomesOf } from '~/server/outcomes/outcomes';
import { listWaiting } from '~/server/practice/practice';
import { DEMO_TEAM } from './roster';

const NOW = new Date('2026-12-12T09:00:00.000Z');
/** Three of the stories (the whole team takes a while): a certificate about to expire, practice waiting, gone quiet. */
const STORIES = DEMO_TEAM.filter((member) => ['sam.rivera', 'dana.okafor', 'julia.weber'].includes(member.username.split('@')[0]!));
let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
  vi.stubEnv('PARCELWISE_LOCAL', 'true');
  vi.stubEnv('PARCELWISE_DEMO_TEAM', 'on');
  await ensureDemoAccounts();
  const { makeDemoTeam } = await import('./demo-team');
  await makeDemoTeam(NOW, STORIES);
}, 600_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await blobs.stop();
});

async function planOf(username: string) {
  const user = await existingUser(username);
  const plan = await planFromRecords(user.id, await readPlanRecords(user.id, NOW), NOW);
  await backgroundWorkDone();
  return { user, plan: plan! };
}

describe('the demo team', () => {
  it('is fifteen people beside the two demo accounts, on SDR, AE and CSM plans in every stage', () => {
    expect(DEMO_TEAM).toHaveLength(15);
    expect(new Set(DEMO_TEAM.map((member) => member.username)).size).toBe(15);
    const programs = new Set(DEMO_TEAM.map((member) => member.programId));
    expect([...programs].sort()).toEqual([
      'account-executive-onboarding',
      'customer-success-onboarding',
      'discovery-refresher',
      'sdr-onboarding',
    ]);
    expect(DEMO_TEAM.filter((member) => member.startedDaysAgo <= 10).length).toBeGreaterThan(0);
    expect(DEMO_TEAM.filter((member) => member.pace < 1).length).toBeGreaterThan(2);
    expect(DEMO_TEAM.filter((member) => member.practiceWaiting).length).toBeGreaterThan(1);
  });

  it('makes the people of the stories through the services', async () => {
    const usernames = (await listUsers()).map((user) => user.username);
    expect(usernames.sort()).toEqual([...STORIES.map((member) => member.username), DEMO_USER.username, 'admin@parcelwise.example'].sort());
  });

  it('puts the demo learner on the account executive plan ten days in, with work overdue', async () => {
    const { plan } = await planOf(DEMO_USER.username);
    expect(plan.program.id).toBe('account-executive-onboarding');
    expect(plan.startDate).toBe('2026-12-02');
    const done = plan.items.filter((item) => item.status === 'done');
    expect(done.length).toBeGreaterThan(0);
    expect(plan.items.some((item) => item.status === 'overdue')).toBe(true);
  });

  it('has someone finished with a certificate, and one certificate expiring within a month', async () => {
    const { plan } = await planOf('sam.rivera@parcelwise.example');
    expect(plan.certificate?.status).toBe('valid');
    const daysLeft = (Date.parse(plan.certificate!.expiresAt) - NOW.getTime()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(0);
    expect(daysLeft).toBeLessThanOrEqual(30);
  });

  it('leaves a practice attempt waiting for the administrator', async () => {
    const waiting = await listWaiting();
    expect(waiting.map((attempt) => attempt.scenarioId)).toEqual(['voicemail-property-management-director']);
  });

  it('records the milestones reached by today, none still ahead', async () => {
    const dana = await existingUser('dana.okafor@parcelwise.example');
    const reached = await recordedOutcomesOf(dana.id);
    expect(reached.map((outcome) => outcome.milestone)).toEqual(['first-meeting-booked']);
    expect(reached[0]!.date <= '2026-12-12').toBe(true);
  });

  it('someone who went quiet has done nothing since', async () => {
    const { plan } = await planOf('julia.weber@parcelwise.example');
    expect(plan.items.filter((item) => item.status === 'overdue').length).toBeGreaterThan(3);
  });

  it('is made once: a second start finds the marker and changes nothing', async () => {
    vi.resetModules();
    const again = await import('./demo-team');
    await again.ensureDemoTeam(new Date(NOW.getTime() + 3_600_000));
    expect(await listUsers()).toHaveLength(STORIES.length + 2);
  });

  it('is not made when switched off', async () => {
    const { demoTeamWanted } = await import('./wanted');
    vi.stubEnv('PARCELWISE_DEMO_TEAM', 'off');
    expect(demoTeamWanted()).toBe(false);
    vi.stubEnv('PARCELWISE_DEMO_TEAM', 'on');
    expect(demoTeamWanted()).toBe(true);
  });
});
