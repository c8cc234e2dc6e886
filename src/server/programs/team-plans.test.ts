// Team Progress's plan figures from the team rollup: the certificate of the current assignment (title,
// expiry, status) beside the plan status, as the administrators' digest reads them.
import { describe, expect, it } from 'vitest';
import { DISCOVERY_REFRESHER } from '~tests/support/programs';
import { emptyFigures, type MemberFigures } from '~/server/team/team-rollup-fold';
import { planFigures } from './team-plans';

const program = DISCOVERY_REFRESHER;
const programs = new Map([[program.id, program]]);
const bank = { byModule: new Map<number, string[]>(), materialRevisions: new Map<string, number>() };

/** Rollup figures of a member on the program since `startDate`, with the listed evidence (`kind:key` → ISO time). */
const member = (startDate: string, planEvidence: Record<string, string> = {}): MemberFigures => ({
  ...emptyFigures(),
  assignment: { programId: program.id, startDate },
  planEvidence,
});
const everythingDone = {
  'read:/sales-kit/objections': '2026-05-03T09:00:00.000Z',
  'quiz:11': '2026-05-05T09:00:00.000Z',
  'signoff:discovery-refresher/discovery-roleplay': '2026-05-10T09:00:00.000Z',
};

describe('planFigures: the certificate', () => {
  it('is null without a program, and until one is recorded', () => {
    expect(planFigures(emptyFigures(), programs, bank, new Date('2026-11-30T08:00:00Z')).certificate).toBeNull();
    const started = member('2026-11-20');
    expect(planFigures(started, programs, bank, new Date('2026-11-30T08:00:00Z'))).toMatchObject({
      planStatus: 'overdue',
      overdueItems: 2,
      certificate: null,
    });
  });

  it('carries the title, the expiry months after it was issued, and its status: valid, then expired', () => {
    const certified = member('2026-05-01', { ...everythingDone, 'certificate:discovery-refresher/2026-05-01': '2026-05-10T09:00:00.000Z' });
    expect(planFigures(certified, programs, bank, new Date('2026-11-30T08:00:00Z'))).toMatchObject({
      planStatus: 'on_track',
      certificate: { title: 'Current on discovery', expiresAt: '2026-11-10T09:00:00.000Z', status: 'expired' },
    });
    expect(planFigures(certified, programs, bank, new Date('2026-11-09T08:00:00Z'))).toMatchObject({
      planStatus: 'certified',
      certificate: { title: 'Current on discovery', expiresAt: '2026-11-10T09:00:00.000Z', status: 'valid' },
    });
  });

  it('is the current assignment’s only: a certificate of an earlier start does not count', () => {
    const moved = member('2026-11-01', { 'certificate:discovery-refresher/2026-05-01': '2026-05-10T09:00:00.000Z' });
    expect(planFigures(moved, programs, bank, new Date('2026-11-09T08:00:00Z')).certificate).toBeNull();
  });
});
