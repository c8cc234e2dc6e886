// `npm run content:report` (scripts/content-report.ts): the Content health list for editors and a
// scheduled job, read straight from the files (no build needed): what is overdue, what a fact's review
// reopened, and what is due soon. Exit code 1 when anything is overdue, 2 when the content itself has
// problems (then the dates cannot be trusted either), else 0: a reopened entry is listed but does not
// fail the job, since its own review date still stands.
import { checkContent } from '~/content-check/check';
import { freshnessRecords } from './freshness-records';
import { healthRows, reopenReason, SOON_DAYS, type HealthRow } from '~/shared/freshness/status';

export interface ContentReport {
  text: string;
  rows: HealthRow[];
  exitCode: 0 | 1 | 2;
}

const pad = (text: string, width: number) => (text.length >= width ? text : text + ' '.repeat(width - text.length));

const LABELS: Record<HealthRow['status'], string> = { overdue: 'OVERDUE', 'needs-review': 'review', 'due-soon': 'due soon' };

function line(row: HealthRow): string {
  const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;
  const when = row.daysLeft < 0 ? `${days(-row.daysLeft)} overdue` : row.daysLeft === 0 ? 'due today' : `due in ${days(row.daysLeft)}`;
  const reasons = row.reopenedBy.map((change) => `\n          review again: ${reopenReason(change)}`).join('');
  return `${pad(LABELS[row.status], 9)} ${row.reviewBy}  ${pad(when, 17)} ${row.kind} '${row.title}' — owner ${row.ownerName} (${row.owner}), last reviewed ${row.lastReviewed}\n          ${row.file} · ${row.href}${reasons}`;
}

/** The report for the content under `root` on `today` (YYYY-MM-DD). */
export function contentReport(root: string, today: string, soonDays = SOON_DAYS): ContentReport {
  const { problems, entries } = checkContent(root);
  const names = new Map(
    entries.filter((entry) => entry.source.collection === 'companyTeam').map((entry) => [entry.id, String(entry.parsed['name'])]),
  );
  const records = freshnessRecords(
    entries.map((entry) => ({ source: entry.source, id: entry.id, data: entry.parsed, file: entry.file })),
    names,
  );
  const rows = healthRows(records, today, soonDays);
  const count = (status: HealthRow['status']) => rows.filter((row) => row.status === status).length;
  const overdue = count('overdue');
  const heading = `Content health on ${today}: ${overdue} overdue, ${count('needs-review')} to review again after a fact changed, ${count('due-soon')} due within ${soonDays} days (of ${records.length} entries).`;
  const broken = problems.length > 0 ? [`The content has ${problems.length} problems: run \`npm run build\` to see them.`] : [];
  const text = [heading, ...broken, ...rows.map(line)].join('\n');
  return { text, rows, exitCode: problems.length > 0 ? 2 : overdue > 0 ? 1 : 0 };
}
