// A member's ramp line: the latest milestone reached against its target and the team median, else the next one.
import { describe, expect, it } from 'vitest';
import { rampPerson as sdr } from './ramp.fixtures';
import type { ChartMilestone } from './ramp-chart';
import { rampLine } from './ramp-line';

const MEETING: ChartMilestone = { id: 'first-meeting', title: 'First meeting booked', programs: ['sdr'], targetDays: 14 };
const TEN: ChartMilestone = { id: 'ten-meetings', title: 'Ten meetings held', programs: ['sdr'], targetDays: 45 };
const RENEWAL: ChartMilestone = { id: 'first-renewal', title: 'First renewal', programs: ['csm'], targetDays: 120 };
const MILESTONES = [TEN, MEETING, RENEWAL];
const CHART = [
  { id: 'first-meeting', medianDays: 12 },
  { id: 'ten-meetings', medianDays: null },
];
const TODAY = '2026-12-03';

describe('ramp line', () => {
  it('names the latest milestone reached with its day, the target and the team median', () => {
    expect(rampLine(MILESTONES, CHART, sdr('2026-11-01', { 'first-meeting': '2026-11-19' }), TODAY)).toBe(
      'First meeting booked: day 18 (target 14, team median 12)',
    );
    const both = sdr('2026-09-01', { 'first-meeting': '2026-09-08', 'ten-meetings': '2026-10-01' });
    expect(rampLine(MILESTONES, CHART, both, TODAY)).toBe('Ten meetings held: day 30 (target 45)');
  });

  it('before any, names the next milestone and says when it is past its target day', () => {
    expect(rampLine(MILESTONES, CHART, sdr('2026-11-25'), TODAY)).toBe('First meeting booked: not yet (target day 14)');
    expect(rampLine(MILESTONES, CHART, sdr('2026-11-01'), TODAY)).toBe('First meeting booked: not yet (target day 14, past it)');
  });

  it('has nothing to say for a program without milestones', () => {
    expect(rampLine(MILESTONES, CHART, sdr('2026-11-01', {}, 'discovery-refresher'), TODAY)).toBeNull();
  });
});
