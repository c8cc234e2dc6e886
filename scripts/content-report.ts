/**
 * Prints the content entries that are overdue for review or due soon, with owner, dates, file and page
 * (the same list as /content-health), and exits 1 when anything is overdue — for editors and for a
 * scheduled job. `npm test` never runs it against today's date (tests pass --today).
 *
 *   npm run content:report -- [--today 2026-12-01] [--soon-days 30] [--root <project folder>]
 */
import { parseArgs } from 'node:util';
import { isIsoDate } from '~/shared/freshness/dates';
import { contentReport } from '~/content-check/report';
import { SOON_DAYS } from '~/shared/freshness/status';
import { today } from '~/server/clock';

const { values } = parseArgs({ options: { today: { type: 'string' }, 'soon-days': { type: 'string' }, root: { type: 'string' } } });
const date = values.today ?? today();
const soonDays = values['soon-days'] === undefined ? SOON_DAYS : Number(values['soon-days']);
if (!isIsoDate(date) || !Number.isInteger(soonDays) || soonDays < 0) {
  console.error('Usage: npm run content:report -- [--today YYYY-MM-DD] [--soon-days N] [--root <project folder>]');
  process.exit(2);
}
const report = contentReport(values.root ?? process.cwd(), date, soonDays);
console.log(report.text);
process.exit(report.exitCode);
