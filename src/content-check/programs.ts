/**
 * Onboarding programs, checked at build beyond their schema: every item is due within the program's
 * length and appears once; the file is named after the program's id; every program a ramp milestone
 * names exists. References to lessons, modules and
 * quizzes are reported by ./references.ts, and pages by ./hub-links.ts, like every other collection's.
 */
import { programItemId, type ProgramItemData } from '~/schemas/programs';
import { describePath } from './describe';
import type { Problem } from './problems';
import type { ParsedEntry } from './schema-check';

function itemProblems(entry: ParsedEntry): Problem[] {
  const problem = (path: PropertyKey[], message: string, fix: string): Problem => ({
    file: entry.file,
    line: entry.lineOf(path),
    where: describePath({ source: entry.source, id: entry.id, data: entry.data }, path),
    message,
    fix,
  });
  const lengthDays = entry.parsed['lengthDays'] as number;
  const items = (entry.parsed['items'] ?? []) as ProgramItemData[];
  const seen = new Map<string, number>();
  return items.flatMap((item, index): Problem[] => {
    const problems: Problem[] = [];
    if (item.due > lengthDays)
      problems.push(
        problem(
          ['items', index, 'due'],
          `is day ${item.due}, after the program's last day (lengthDays: ${lengthDays})`,
          'Make it due on or before the last day, or lengthen the program.',
        ),
      );
    const id = programItemId(item);
    const first = seen.get(id);
    if (first !== undefined)
      problems.push(problem(['items', index], `asks for the same thing as item ${first + 1} (${id})`, 'Keep one of the two items.'));
    else seen.set(id, index);
    return problems;
  });
}

/** Every program problem besides schema and id references. */
export function checkPrograms(entries: readonly ParsedEntry[]): Problem[] {
  return entries
    .filter((entry) => entry.source.collection === 'programs')
    .flatMap((entry) => {
      const fileName = entry.file.slice(entry.file.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
      const named: Problem[] =
        typeof entry.parsed['id'] === 'string' && entry.parsed['id'] !== fileName
          ? [
              {
                file: entry.file,
                line: entry.lineOf(['id']),
                where: describePath({ source: entry.source, id: entry.id, data: entry.data }, ['id']),
                message: `is "${String(entry.parsed['id'])}", but the file is named ${fileName}.yaml`,
                fix: `Name the file ${String(entry.parsed['id'])}.yaml, or set id: ${fileName}.`,
              },
            ]
          : [];
      return [...named, ...itemProblems(entry)];
    });
}

/**
 * Ramp milestones naming a program that does not exist (a typo would leave the role without them). A
 * program file that fails its own schema still counts as existing: its problems are reported there.
 */
export function checkMilestonePrograms(
  entries: readonly ParsedEntry[],
  read: ReadonlyArray<{ source: { collection: string }; id: string; data: Record<string, unknown> }>,
): Problem[] {
  const programs = new Set(
    read
      .filter((entry) => entry.source.collection === 'programs')
      .map((entry) => (typeof entry.data['id'] === 'string' ? entry.data['id'] : entry.id)),
  );
  return entries
    .filter((entry) => entry.source.collection === 'rampMilestones')
    .flatMap((entry) =>
      ((entry.parsed['programs'] ?? []) as string[]).flatMap((programId, index): Problem[] =>
        programs.has(programId)
          ? []
          : [
              {
                file: entry.file,
                line: entry.lineOf(['programs', index]),
                where: describePath({ source: entry.source, id: entry.id, data: entry.data }, ['programs', index]),
                message: `is "${programId}", which is not the id of an onboarding program`,
                fix: `Write the id of a program of content/programs (${[...programs].sort().join(', ')}).`,
              },
            ],
      ),
    );
}
