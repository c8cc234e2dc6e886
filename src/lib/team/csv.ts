// The Team Progress CSV export: the same figures as the table (./figures).
import type { TeamProgressRow } from './figures';

/** A spreadsheet runs a cell starting with one of these as a formula (tab and CR too, in some importers). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. Every cell that starts like a formula gets a leading apostrophe (it then shows as text);
 * every text cell is quoted, so no separator inside it — a comma, or the semicolon of semicolon-locale
 * Excel — can split it into a second cell that would start a formula. Numbers stay bare.
 */
function cell(value: string | number): string {
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return typeof value === 'number' && safe === text ? text : `"${safe.replace(/"/g, '""')}"`;
}

/** CSV of the rows, same figures as the table (docs/decisions.md "Team progress"). */
export function teamProgressCsv(rows: readonly TeamProgressRow[]): string {
  const header = [
    'id',
    'name',
    'username',
    'progress',
    'mastery',
    'pagesVisited',
    'quizzesCompleted',
    'dailyChallenges',
    'loginCount',
    'lastActive',
  ];
  const lines = rows.map((row) =>
    [
      row.id,
      row.name,
      row.username,
      row.progress,
      row.mastery,
      row.pagesVisited,
      row.quizzesCompleted,
      row.dailyChallenges,
      row.loginCount,
      row.lastActive,
    ]
      .map(cell)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
