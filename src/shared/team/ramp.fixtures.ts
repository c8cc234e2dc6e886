// A person on the ramp chart for tests: their start date, the milestones reached (id -> ISO date) and their program.
import type { RampPerson } from './ramp-chart';

export const rampPerson = (startDate: string, reached: Record<string, string> = {}, programId = 'sdr'): RampPerson => ({
  programId,
  startDate,
  reached: new Map(Object.entries(reached)),
});
