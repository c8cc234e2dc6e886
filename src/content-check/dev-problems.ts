// The content check's latest report in the dev server, for the banner every page shows while content is
// broken (src/components/ContentProblemsBanner.astro). The integration that runs the check
// (src/integrations/content-check.ts) and the pages are loaded by different module loaders of one process,
// so the report lives on a process-wide symbol. A production build never sets it: no banner there.

/** A content problem as the banner shows it, with the pages of the entries in its file. */
export interface PageProblem {
  location: string;
  text: string;
  fix: string;
  /** Paths (no query or anchor) of the pages that show an entry of the problem's file. */
  pages: string[];
}

const KEY = Symbol.for('parcelwise.content-problems');
type Holder = { [KEY]?: PageProblem[] };

export function setContentProblems(problems: PageProblem[]): void {
  (globalThis as Holder)[KEY] = problems;
}

/** The latest report: empty in production and when the content is fine. */
export function contentProblems(): PageProblem[] {
  return import.meta.env.DEV ? ((globalThis as Holder)[KEY] ?? []) : [];
}
