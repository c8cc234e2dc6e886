// Practice's limits, apart from the API's schemas so that the browser's answer island loads no zod.

/** Longest typed answer, in characters. */
export const PRACTICE_TEXT_MAX = 5_000;
