/**
 * Outcomes uploaded as CSV (docs/product.md "Ramp milestones"): `username,milestone,date` per row, an
 * optional header row of those three names. Every row is checked and the whole file is refused when any
 * row is wrong, each wrong row named by its line number in the file (the header, when there is one, is
 * row 1). Pure: the service gathers the people, milestones and outcomes already recorded that the rows name.
 */
import { normalizeUsername } from '~/server/accounts/usernames';
import type { RampMilestone } from '~/server/content/outcomes';

/** More rows than a team records at once: refused at once, before anything is looked up. */
export const MAX_CSV_ROWS = 2000;

export interface CsvRow {
  row: number;
  username: string;
  milestone: string;
  date: string;
}

export interface RowProblem {
  row: number;
  message: string;
}

export type ParsedCsv = { rows: CsvRow[] } | { error: string; problems: RowProblem[] };

const HEADER = ['username', 'milestone', 'date'];
/** A cell a spreadsheet would run as a formula when the file is opened again (CSV injection). */
const FORMULA = /^[=+\-@\t\r]/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM-DD of a day that exists (not 2026-02-30). */
const isCalendarDate = (text: string): boolean => {
  const day = new Date(`${text}T00:00:00Z`);
  return DATE.test(text) && !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
};

/** The lines' bytes, each decoded as UTF-8 on its own, so a line that is not names its row. */
function decodeLines(bytes: Uint8Array): Array<{ text: string } | { invalid: true }> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const lines: Array<{ text: string } | { invalid: true }> = [];
  let start = 0;
  for (let index = 0; index <= bytes.length; index++) {
    if (index < bytes.length && bytes[index] !== 0x0a) continue;
    try {
      lines.push({ text: decoder.decode(bytes.subarray(start, index)).replace(/\r$/, '') });
    } catch {
      lines.push({ invalid: true });
    }
    start = index + 1;
  }
  const last = lines.at(-1);
  if (last && 'text' in last && last.text === '') lines.pop(); // the file's last newline
  return lines;
}

/** The cells of a line: comma-separated, a cell in double quotes may hold commas and "" for a quote. */
function cellsOf(line: string): string[] | null {
  const cells: string[] = [];
  let index = 0;
  for (;;) {
    if (line[index] === '"') {
      let cell = '';
      index++;
      for (;;) {
        const quote = line.indexOf('"', index);
        if (quote === -1) return null;
        cell += line.slice(index, quote);
        if (line[quote + 1] === '"') {
          cell += '"';
          index = quote + 2;
        } else {
          index = quote + 1;
          break;
        }
      }
      cells.push(cell);
      if (index === line.length) return cells;
      if (line[index] !== ',') return null;
      index++;
    } else {
      const comma = line.indexOf(',', index);
      cells.push(line.slice(index, comma === -1 ? undefined : comma));
      if (comma === -1) return cells;
      index = comma + 1;
    }
  }
}

/** The file's rows, or why it is refused: not UTF-8, too many rows, or rows that are not three plain cells. */
export function parseOutcomesCsv(bytes: Uint8Array): ParsedCsv {
  const lines = decodeLines(bytes);
  const first = lines[0];
  const hasHeader =
    first !== undefined &&
    'text' in first &&
    cellsOf(first.text.replace(/^\uFEFF/, ''))
      ?.map((cell) => cell.trim().toLowerCase())
      .join() === HEADER.join();
  const dataRows = lines.length - (hasHeader ? 1 : 0);
  if (dataRows === 0) return { error: 'The file has no rows: write one username,milestone,date per line.', problems: [] };
  if (dataRows > MAX_CSV_ROWS) {
    const firstOver = MAX_CSV_ROWS + (hasHeader ? 2 : 1);
    return {
      error: `The file has ${dataRows} rows; upload at most ${MAX_CSV_ROWS} at a time.`,
      problems: [{ row: firstOver, message: `row ${firstOver} is past the ${MAX_CSV_ROWS}-row limit: split the file` }],
    };
  }
  const rows: CsvRow[] = [];
  const problems: RowProblem[] = [];
  lines.forEach((line, index) => {
    const row = index + 1;
    const problem = (message: string) => void problems.push({ row, message });
    if (hasHeader && index === 0) return;
    if (!('text' in line)) return problem('is not UTF-8 text: save the file as CSV UTF-8');
    const cells = cellsOf(index === 0 ? line.text.replace(/^\uFEFF/, '') : line.text);
    if (!cells || cells.length !== 3) return problem('must be three cells: username,milestone,date');
    const formula = cells.find((cell) => FORMULA.test(cell));
    if (formula !== undefined)
      return problem(`has a cell that starts like a formula (${JSON.stringify(formula.slice(0, 20))}): remove the leading character`);
    const [username = '', milestone = '', date = ''] = cells.map((cell) => cell.trim());
    if (!username || !milestone || !date) return problem('has an empty cell: every row needs username,milestone,date');
    if (!isCalendarDate(date)) return problem(`date "${date.slice(0, 20)}" must be a date written YYYY-MM-DD`);
    rows.push({ row, username: normalizeUsername(username), milestone, date });
  });
  return problems.length > 0 ? { error: rowsError(problems), problems } : { rows };
}

const rowsError = (problems: readonly RowProblem[]) =>
  `Nothing was stored: ${problems.length === 1 ? 'row' : 'rows'} ${problems.map((problem) => problem.row).join(', ')} ${problems.length === 1 ? 'is' : 'are'} wrong.`;

/** What the rows name, as the service found it. */
export interface CsvWorld {
  /** People by normalized username: their id and their active program's id and start date (null: none). */
  people: ReadonlyMap<string, { id: string; programId: string | null; startDate: string | null }>;
  milestones: readonly RampMilestone[];
  /** Dates already recorded, keyed `userId/milestone`. */
  recorded: ReadonlyMap<string, string>;
  /** The latest date that is today anywhere (timing.ts `latestToday`). */
  today: string;
}

export interface CheckedRow extends CsvRow {
  userId: string;
}

export type CheckedCsv = { add: CheckedRow[]; unchanged: number } | { error: string; problems: RowProblem[] };

/** Every row against the people, milestones and outcomes: all good (what to add, what is there already) or every problem. */
export function checkCsvRows(rows: readonly CsvRow[], world: CsvWorld): CheckedCsv {
  const milestones = new Map(world.milestones.map((milestone) => [milestone.id, milestone]));
  const seen = new Map<string, number>();
  const problems: RowProblem[] = [];
  const add: CheckedRow[] = [];
  let unchanged = 0;
  for (const row of rows) {
    const problem = (message: string) => problems.push({ row: row.row, message });
    const person = world.people.get(row.username);
    const milestone = milestones.get(row.milestone);
    const pair = `${row.username}/${row.milestone}`;
    const duplicateOf = seen.get(pair);
    if (duplicateOf === undefined) seen.set(pair, row.row);
    if (!person) problem(`no user ${row.username}`);
    else if (!milestone) problem(`no milestone ${row.milestone}`);
    else if (duplicateOf !== undefined) problem(`repeats row ${duplicateOf} (${row.username}, ${row.milestone}): keep one`);
    else if (!person.programId || !person.startDate) problem(`${row.username} has no program, so no start date to count from`);
    else if (!milestone.programs.includes(person.programId)) problem(`${row.milestone} is not a milestone of ${row.username}'s role`);
    else if (row.date > world.today) problem(`date ${row.date} is in the future`);
    else if (row.date < person.startDate) problem(`date ${row.date} is before ${row.username}'s start date ${person.startDate}`);
    else {
      const recorded = world.recorded.get(`${person.id}/${row.milestone}`);
      if (recorded === row.date) unchanged++;
      else if (recorded !== undefined)
        problem(`${row.username} reached ${row.milestone} on ${recorded} already: delete that outcome first to change it`);
      else add.push({ ...row, userId: person.id });
    }
  }
  return problems.length > 0 ? { error: rowsError(problems), problems } : { add, unchanged };
}
