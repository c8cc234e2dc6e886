/**
 * Onboarding programs, checked at build beyond their schema: every item names content that exists (a
 * lesson, module or quiz id, or a page of the site), is due within the program's length, and appears
 * once; the file is named after the program's id. References to lessons, modules and quizzes are
 * reported by ./references.ts like every other collection's; pages are checked here.
 */
import { matchPageRoute, type PageRoute } from '~/lib/routes';
import { programItemId, type ProgramItemData } from '~/schemas/programs';
import { describePath } from './describe';
import type { Problem } from './problems';
import type { RawEntry } from './read';
import type { ParsedEntry } from './schema-check';

/** The numeric ids of a collection, as authored. */
function idsOf(all: readonly RawEntry[], collection: string): Set<number> {
  return new Set(all.filter((entry) => entry.source.collection === collection).map((entry) => Number(entry.data['id'])));
}

function pageExists(route: PageRoute, all: readonly RawEntry[]): boolean {
  switch (route.page) {
    case 'static':
      return true;
    case 'person':
      return false;
    case 'segment':
      return idsOf(all, 'segments').has(route.id);
    case 'persona':
      return idsOf(all, 'personas').has(route.id);
    case 'quiz':
      return idsOf(all, 'quizzes').has(route.id);
    case 'module':
      return idsOf(all, 'modules').has(route.id);
    case 'lesson':
      return all.some(
        (entry) =>
          entry.source.collection === 'lessons' && entry.data['id'] === route.lessonId && entry.data['moduleId'] === route.moduleId,
      );
  }
}

function itemProblems(entry: ParsedEntry, all: readonly RawEntry[]): Problem[] {
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
    if (item.kind === 'read') {
      const route = matchPageRoute(item.page);
      if (!route || !pageExists(route, all))
        problems.push(
          problem(
            ['items', index, 'page'],
            `names page "${item.page}", which is not a page of the hub`,
            'Use the path of a page as the address bar shows it, e.g. /personas/3, /buyer-segments/8, /ideal-customer-profile or /product.',
          ),
        );
    }
    return problems;
  });
}

/** Every program problem besides schema and id references. */
export function checkPrograms(all: readonly RawEntry[], entries: readonly ParsedEntry[]): Problem[] {
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
      return [...named, ...itemProblems(entry, all)];
    });
}
