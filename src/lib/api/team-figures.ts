// Team progress figures without zod (islands import this): definitions shown beside each figure,
// 'active', overall engagement and the CSV export (SPEC §9; DECISIONS.md "Learning data").

/** One row of GET /api/team-progress; validated by teamProgressRowSchema in ./team. */
export interface TeamProgressRow {
  id: string;
  username: string;
  name: string;
  progress: number;
  pagesVisited: number;
  quizzesCompleted: number;
  dailyChallenges: number;
  loginCount: number;
  /** ISO date-time of the latest event, or the string 'null' (SPEC §3). */
  lastActive: string;
}

/** SPEC §9: 'active' means last active within the last 7 days. */
export const ACTIVE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export function isActive(row: Pick<TeamProgressRow, 'lastActive'>, now: Date): boolean {
  if (row.lastActive === 'null') return false;
  const at = Date.parse(row.lastActive);
  return Number.isFinite(at) && now.getTime() - at <= ACTIVE_WINDOW_MS;
}

/** SPEC §9: overall engagement is the rounded average of progress (0 for an empty team). */
export function overallEngagement(rows: ReadonlyArray<Pick<TeamProgressRow, 'progress'>>): number {
  if (rows.length === 0) return 0;
  return Math.round(rows.reduce((sum, row) => sum + row.progress, 0) / rows.length);
}

export type TeamFigure = 'progress' | 'pagesVisited' | 'quizzesCompleted' | 'dailyChallenges' | 'loginCount' | 'lastActive';

/** Each figure's label and definition, shown beside it on the dashboard (DECISIONS.md "Learning data"). */
export const TEAM_FIGURES: ReadonlyArray<{ key: TeamFigure; label: string; definition: string }> = [
  { key: 'progress', label: 'Progress', definition: 'Completed lessons over all lessons of all modules, as a rounded percent.' },
  { key: 'pagesVisited', label: 'Pages visited', definition: 'Page-entry visits (not exits, not tab changes).' },
  { key: 'quizzesCompleted', label: 'Quizzes completed', definition: 'Distinct quizzes with at least one result.' },
  { key: 'dailyChallenges', label: 'Daily challenges', definition: 'Daily challenges answered.' },
  { key: 'loginCount', label: 'Logins', definition: 'Successful sign-ins.' },
  {
    key: 'lastActive',
    label: 'Last active',
    definition: 'The latest of any of those events (visit, sign-in, quiz result, challenge answer, lesson completion).',
  },
];

/** CSV of the rows, same figures as the table. Cells that a spreadsheet would run as a formula are neutralised. */
export function teamProgressCsv(rows: readonly TeamProgressRow[]): string {
  const header = ['id', 'name', 'username', 'progress', 'pagesVisited', 'quizzesCompleted', 'dailyChallenges', 'loginCount', 'lastActive'];
  const cell = (value: string | number) => {
    let text = String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = rows.map((row) =>
    [row.id, row.name, row.username, row.progress, row.pagesVisited, row.quizzesCompleted, row.dailyChallenges, row.loginCount, row.lastActive]
      .map(cell)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

/** SPEC §6: the toast (and the API's 403 message) for anyone but an administrator. */
export const ACCESS_DENIED_TITLE = 'Access Denied';
export const ACCESS_DENIED_DESCRIPTION = 'The Team Progress dashboard is only accessible to administrators.';
