// The quiz pass mark (docs/decisions.md "The first week"): a score at or above it passes.
// Plain data, shared by the quiz result screen and the team figures' definitions.

/** Percent a quiz score must reach to pass. */
export const PASS_MARK = 80;

/** Whether a score (0-100) passes. */
export const passes = (score: number): boolean => score >= PASS_MARK;
