// The Team Progress CSV export: the same figures as the table (./figures).
import type { TeamProgressRow } from './figures';

/** CSV of the rows, same figures as the table. Cells that a spreadsheet would run as a formula are neutralised. */
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
  const cell = (value: string | number) => {
    let text = String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
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
