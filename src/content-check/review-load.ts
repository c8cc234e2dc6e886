/**
 * The review load (content/README.md "Freshness"): reviews only happen when no one person carries them.
 * The build fails when one team member owns more than 25 % of the entries, because their absence or
 * backlog would leave a quarter of the hub unchecked, and when more than 20 entries fall due in one
 * week (Monday to Sunday), because a pile that size gets a tick, not a review.
 */
import type { Problem } from './problems';
import type { ParsedEntry } from './schema-check';

const MAX_OWNER_SHARE = 0.25;
const MAX_DUE_PER_WEEK = 20;

interface Reviewed {
  entry: ParsedEntry;
  owner: string;
  reviewBy: string;
}

function reviewedEntries(entries: readonly ParsedEntry[]): Reviewed[] {
  return entries.flatMap((entry) => {
    const review = entry.parsed['review'] as { owner?: unknown; reviewBy?: unknown } | undefined;
    return typeof review?.owner === 'string' && typeof review.reviewBy === 'string'
      ? [{ entry, owner: review.owner, reviewBy: review.reviewBy }]
      : [];
  });
}

/** The Monday (YYYY-MM-DD) of the week a date falls in. */
export function weekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** "content/industry/glossary.yaml (113), content/industry/abbreviations.yaml (40)": where a group's entries live. */
function byFile(group: readonly Reviewed[]): string {
  const counts = new Map<string, number>();
  for (const { entry } of group) counts.set(entry.file, (counts.get(entry.file) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([file, count]) => `${file} (${count})`)
    .join(', ');
}

function groupBy(reviewed: readonly Reviewed[], key: (item: Reviewed) => string): Map<string, Reviewed[]> {
  const groups = new Map<string, Reviewed[]>();
  for (const item of reviewed) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

function ownerProblems(reviewed: readonly Reviewed[]): Problem[] {
  return [...groupBy(reviewed, (item) => item.owner)]
    .filter(([, owned]) => owned.length / reviewed.length > MAX_OWNER_SHARE)
    .map(([owner, owned]): Problem => ({
      file: owned[0]!.entry.file,
      line: null,
      where: `Team member "${owner}"`,
      message: `owns ${percent(owned.length / reviewed.length)} of the ${reviewed.length} reviewed entries (${owned.length}); at most ${percent(MAX_OWNER_SHARE)} is allowed, so that no one person's absence leaves the hub unchecked`,
      fix: `Give some of these entries another owner from content/company/team.yaml (someone who knows the subject): ${byFile(owned)}.`,
    }));
}

function weekProblems(reviewed: readonly Reviewed[]): Problem[] {
  return [...groupBy(reviewed, (item) => weekOf(item.reviewBy))]
    .filter(([, due]) => due.length > MAX_DUE_PER_WEEK)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([monday, due]): Problem => ({
      file: due[0]!.entry.file,
      line: null,
      where: `The week of ${monday}`,
      message: `has ${due.length} entries due for review; at most ${MAX_DUE_PER_WEEK} a week is allowed, or the reviews become a tick instead of a check`,
      fix: `Spread them: give some an earlier \`reviewBy\` (or a shorter \`reviewEveryMonths\`), or another owner who reviews them at another time: ${byFile(due)}.`,
    }));
}

/** Every review-load problem of the entries that passed their schema. */
export function checkReviewLoad(entries: readonly ParsedEntry[]): Problem[] {
  const reviewed = reviewedEntries(entries);
  if (reviewed.length === 0) return [];
  return [...ownerProblems(reviewed), ...weekProblems(reviewed)];
}
