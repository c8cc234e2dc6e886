// The Team Progress CSV export: the same figures, labels and definitions as the table (./figures), no
// internal ids, percent columns named with their unit.
import { PLAN_STATUS_LABELS, TEAM_FIGURES, type TeamFigure, type TeamMemberRow } from './figures';

/** A spreadsheet runs a cell starting with one of these as a formula (tab and CR too, in some importers). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. Every cell that starts like a formula gets a leading apostrophe (it then shows as text);
 * every text cell is quoted, so no separator inside it — a comma, or the semicolon of semicolon-locale
 * Excel — can split it into a second cell that would start a formula. Numbers stay bare; no value is empty.
 */
function cell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return typeof value === 'number' && safe === text ? text : `"${safe.replace(/"/g, '""')}"`;
}

const PERCENT: ReadonlySet<TeamFigure> = new Set(['progress', 'mastery', 'averageQuizScore']);

/** The plan as the CSV spells it out: program, day, required items done, tested out and required, status, overdue items. */
const PLAN_COLUMNS = [
  'Program',
  'Plan day',
  'Plan items done',
  'Plan items tested out',
  'Plan items required',
  'Plan status',
  'Overdue items',
];

/** The value of a figure in the CSV (the plan as PLAN_COLUMNS): dates as ISO (or empty), the pace and statuses as labels. */
function values(row: TeamMemberRow, key: TeamFigure): Array<string | number | null> {
  if (key === 'planStatus')
    return row.program === null
      ? [null, null, null, null, null, PLAN_STATUS_LABELS.none, 0]
      : [
          row.program.title,
          row.planDay,
          row.planDone,
          row.planTestedOut,
          row.planRequired,
          PLAN_STATUS_LABELS[row.planStatus],
          row.overdueItems,
        ];
  return [value(row, key)];
}

function value(row: TeamMemberRow, key: Exclude<TeamFigure, 'planStatus'>): string | number | null {
  switch (key) {
    case 'onTrack':
      return row.onTrack ? 'On track' : 'Behind';
    case 'lastActive':
      return row.lastActive === 'null' ? null : row.lastActive;
    default:
      return row[key];
  }
}

/** The CSV's header: Name, Username, then each figure's label, "(%)" after the percent ones. */
const CSV_HEADER = [
  'Name',
  'Username',
  ...TEAM_FIGURES.flatMap(({ key, label }) => (key === 'planStatus' ? PLAN_COLUMNS : [PERCENT.has(key) ? `${label} (%)` : label])),
];

/** CSV of the rows, same figures as the table (docs/decisions.md "Team progress"). */
export function teamProgressCsv(rows: readonly TeamMemberRow[]): string {
  const lines = rows.map((row) => [row.name, row.username, ...TEAM_FIGURES.flatMap(({ key }) => values(row, key))].map(cell).join(','));
  return `${[CSV_HEADER.map(cell).join(','), ...lines].join('\r\n')}\r\n`;
}
