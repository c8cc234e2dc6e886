// The ramp chart's figures: cohorts by start month, who is judged at the target day, milestones not reached, an empty team.
import { describe, expect, it } from 'vitest';
import { rampPerson as person } from './ramp.fixtures';
import { cohortLabel, rampChart, type ChartMilestone } from './ramp-chart';

const FIRST_MEETING: ChartMilestone = { id: 'sdr-first-meeting', title: 'First meeting booked', programs: ['sdr'], targetDays: 14 };
const FIRST_RENEWAL: ChartMilestone = { id: 'csm-first-renewal', title: 'First renewal closed', programs: ['csm'], targetDays: 120 };
const TODAY = '2026-12-03';

describe('ramp chart', () => {
  it('gives each start-month cohort the share that reached the milestone by its target day', () => {
    const team = [
      person('2026-09-01', { 'sdr-first-meeting': '2026-09-10' }), // day 9
      person('2026-09-20', { 'sdr-first-meeting': '2026-10-04' }), // day 14: on the target day counts
      person('2026-09-30', { 'sdr-first-meeting': '2026-10-20' }), // day 20: late
      person('2026-09-15'), // not reached
      person('2026-10-02', { 'sdr-first-meeting': '2026-10-03' }),
    ];
    const [chart] = rampChart([FIRST_MEETING], team, TODAY);
    expect(chart).toMatchObject({ id: 'sdr-first-meeting', title: 'First meeting booked', targetDays: 14 });
    expect(chart!.cohorts).toEqual([
      { cohort: '2026-09', label: 'September 2026', reached: 2, judged: 4, share: 50, inTime: 0 },
      { cohort: '2026-10', label: 'October 2026', reached: 1, judged: 1, share: 100, inTime: 0 },
    ]);
  });

  it('leaves out of the share whoever is not yet at the target day and has not reached it', () => {
    const team = [
      person('2026-11-25'), // day 8 of 14: still in time
      person('2026-11-19'), // day 14: judged, not reached
      person('2026-11-30', { 'sdr-first-meeting': '2026-12-01' }), // reached early: judged
    ];
    expect(rampChart([FIRST_MEETING], team, TODAY)[0]!.cohorts).toEqual([
      { cohort: '2026-11', label: 'November 2026', reached: 1, judged: 2, share: 50, inTime: 1 },
    ]);
    expect(rampChart([FIRST_MEETING], [person('2026-12-01')], TODAY)[0]!.cohorts[0]).toMatchObject({ judged: 0, share: null, inTime: 1 });
  });

  it('counts a person only for the milestones of their program; a milestone nobody has is left out', () => {
    const team = [person('2026-08-01', {}, 'csm'), person('2026-08-03')];
    const chart = rampChart([FIRST_MEETING, FIRST_RENEWAL], team, TODAY);
    expect(chart.map(({ id, cohorts }) => [id, cohorts.map(({ reached, judged }) => `${reached}/${judged}`)])).toEqual([
      ['sdr-first-meeting', ['0/1']],
      ['csm-first-renewal', ['0/1']],
    ]);
    expect(rampChart([FIRST_RENEWAL], [person('2026-08-03')], TODAY)).toEqual([]);
  });

  it('an empty team has no milestones to draw', () => {
    expect(rampChart([FIRST_MEETING, FIRST_RENEWAL], [], TODAY)).toEqual([]);
  });

  it('names a cohort by its month', () => {
    expect(['2026-01', '2026-12'].map(cohortLabel)).toEqual(['January 2026', 'December 2026']);
  });

  it("gives each milestone the team's median day of reaching it, whenever reached; none when nobody has", () => {
    const team = [
      person('2026-09-01', { 'sdr-first-meeting': '2026-09-10' }), // day 9
      person('2026-09-20', { 'sdr-first-meeting': '2026-10-04' }), // day 14
      person('2026-09-30', { 'sdr-first-meeting': '2026-10-20' }), // day 20
      person('2026-10-02', { 'sdr-first-meeting': '2026-10-03' }), // day 1
      person('2026-09-15'), // not reached: not counted
    ];
    expect(rampChart([FIRST_MEETING], team, TODAY)[0]!.medianDays).toBe(12); // days 1, 9, 14, 20: (9 + 14) / 2, rounded
    expect(rampChart([FIRST_MEETING], team.slice(0, 3), TODAY)[0]!.medianDays).toBe(14);
    expect(rampChart([FIRST_MEETING], [person('2026-09-15')], TODAY)[0]!.medianDays).toBeNull();
  });
});
