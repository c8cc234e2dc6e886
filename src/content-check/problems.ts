/**
 * A problem the content check found, written for an editor: which file (and line), which entry and field
 * in words ("question 3 (q3) of quiz 'Lease Types and CRE Metrics'"), what is wrong, and how to fix it.
 */
export interface Problem {
  /** Path from the project root, e.g. "content/quizzes/03-lease-types-metrics.yaml". */
  file: string;
  /** 1-based line in that file, when known. */
  line: number | null;
  /** The entry and field, in words. */
  where: string;
  /** What is wrong, as the rest of a sentence after `where`. */
  message: string;
  /** What to do about it. */
  fix: string;
}

/** One problem as a block of text: "file:line", then the sentence, then the fix. */
function formatProblem(problem: Problem): string {
  const location = problem.line === null ? problem.file : `${problem.file}:${problem.line}`;
  return `${location}\n  ${problem.where} ${problem.message}\n  Fix: ${problem.fix}`;
}

/** Every problem, grouped by file in file order, with a count first. */
export function formatReport(problems: readonly Problem[]): string {
  const files = new Set(problems.map((problem) => problem.file)).size;
  const sorted = [...problems].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
  const heading = `Content check: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} in ${files} ${files === 1 ? 'file' : 'files'}.`;
  return [heading, ...sorted.map(formatProblem)].join('\n\n');
}
