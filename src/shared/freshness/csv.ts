// The Content health CSV (GET /api/content-health?format=csv and the page's Export CSV): the same rows
// as the table. Every text cell is quoted, and a cell a spreadsheet would run as a formula (starting
// with = + - @, a tab or a carriage return) gets a leading apostrophe, as in the Team Progress CSV.
import { reopenReason, type HealthRow } from './status';

const text = (value: string) => `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

const CONTENT_HEALTH_CSV_HEADER = [
  'status',
  'kind',
  'title',
  'owner',
  'ownerId',
  'lastReviewed',
  'reviewBy',
  'daysLeft',
  'link',
  'file',
  'reopenedBy',
];

/** CSV of the rows; `origin` makes the links absolute (e.g. "https://hub.parcelwise.example"). */
export function contentHealthCsv(rows: readonly HealthRow[], origin: string): string {
  const lines = rows.map((row) =>
    [
      text(row.status),
      text(row.kind),
      text(row.title),
      text(row.ownerName),
      text(row.owner),
      text(row.lastReviewed),
      text(row.reviewBy),
      String(row.daysLeft),
      text(`${origin}${row.href}`),
      text(row.file),
      text(row.reopenedBy.map(reopenReason).join('; ')),
    ].join(','),
  );
  return `${[CONTENT_HEALTH_CSV_HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}
