// Ramp outcomes without a server: the CSV's parsing and every check of its rows, the webhook's signature,
// and a milestone's timing against its target.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpError } from '~/server/errors';
import { checkCsvRows, MAX_CSV_ROWS, parseOutcomesCsv, type CsvRow, type CsvWorld } from '~/server/outcomes/csv';
import { MALFORMED, OUT_OF_WINDOW, signatureHeader, verifySignature, WRONG_SIGNATURE } from '~/server/outcomes/signature';
import { daysFromStart, latestToday, milestoneRows, milestoneTiming } from '~/server/outcomes/timing';

const bytes = (text: string) => new TextEncoder().encode(text);
const parse = (text: string) => parseOutcomesCsv(bytes(text));

describe('parsing an outcomes CSV', () => {
  it('reads rows with or without the header, CRLF, a BOM, quotes and the last newline; usernames in their stored form', () => {
    expect(parse('username,milestone,date\r\nAna@Example.com,first-meeting-booked,2026-11-02\r\n')).toEqual({
      rows: [{ row: 2, username: 'ana@example.com', milestone: 'first-meeting-booked', date: '2026-11-02' }],
    });
    expect(parse('\uFEFF"bo@example.com",first-opportunity,2026-11-03')).toEqual({
      rows: [{ row: 1, username: 'bo@example.com', milestone: 'first-opportunity', date: '2026-11-03' }],
    });
  });

  it('refuses a file with no rows', () => {
    expect(parse('username,milestone,date\n')).toEqual({
      error: 'The file has no rows: write one username,milestone,date per line.',
      problems: [],
    });
  });

  it('names each row that is not three cells, has an empty cell or a wrong date, and refuses the file', () => {
    const parsed = parse(
      [
        'username,milestone,date',
        'a@x.io,first-renewal',
        'a@x.io,first-renewal,2026-11-02,extra',
        ',first-renewal,2026-11-02',
        'a@x.io,first-renewal,2026-02-30',
        'a@x.io,first-renewal,02/11/2026',
        '"a@x.io,first-renewal,2026-11-02',
      ].join('\n'),
    );
    expect(parsed).toEqual({
      error: 'Nothing was stored: rows 2, 3, 4, 5, 6, 7 are wrong.',
      problems: [
        { row: 2, message: 'must be three cells: username,milestone,date' },
        { row: 3, message: 'must be three cells: username,milestone,date' },
        { row: 4, message: 'has an empty cell: every row needs username,milestone,date' },
        { row: 5, message: 'date "2026-02-30" must be a date written YYYY-MM-DD' },
        { row: 6, message: 'date "02/11/2026" must be a date written YYYY-MM-DD' },
        { row: 7, message: 'must be three cells: username,milestone,date' },
      ],
    });
  });

  it.each(['=HYPERLINK("http://x")', '+1', '-1', '@SUM(A1)', '\t=1'])('refuses a formula-looking cell %j', (cell) => {
    const parsed = parse(`a@x.io,first-renewal,2026-11-02\n"${cell.replaceAll('"', '""')}",first-renewal,2026-11-02`);
    expect(parsed).toEqual({
      error: 'Nothing was stored: row 2 is wrong.',
      problems: [
        { row: 2, message: `has a cell that starts like a formula (${JSON.stringify(cell.slice(0, 20))}): remove the leading character` },
      ],
    });
  });

  it('names the rows that are not UTF-8', () => {
    const latin1 = new Uint8Array([
      ...bytes('username,milestone,date\nok@x.io,first-renewal,2026-11-02\n'),
      0x6a,
      0xf6,
      0x72,
      ...bytes('@x.io,first-renewal,2026-11-02\n'),
    ]);
    expect(parseOutcomesCsv(latin1)).toEqual({
      error: 'Nothing was stored: row 3 is wrong.',
      problems: [{ row: 3, message: 'is not UTF-8 text: save the file as CSV UTF-8' }],
    });
  });

  it(`refuses more than ${MAX_CSV_ROWS} rows at once, quickly, naming the first row past the limit`, () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => `user${index}@x.io,first-renewal,2026-11-02`);
    const started = performance.now();
    const parsed = parse(['username,milestone,date', ...rows].join('\n'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parsed).toEqual({
      error: `The file has 10000 rows; upload at most ${MAX_CSV_ROWS} at a time.`,
      problems: [{ row: MAX_CSV_ROWS + 2, message: `row ${MAX_CSV_ROWS + 2} is past the ${MAX_CSV_ROWS}-row limit: split the file` }],
    });
    expect('rows' in parse(rows.slice(0, MAX_CSV_ROWS).join('\n'))).toBe(true);
  });
});

describe('checking the rows', () => {
  const world: CsvWorld = {
    people: new Map([
      ['ana@x.io', { id: 'u-ana', programId: 'sdr-onboarding', startDate: '2026-10-01' }],
      ['bo@x.io', { id: 'u-bo', programId: null, startDate: null }],
      ['cy@x.io', { id: 'u-cy', programId: 'sdr-onboarding', startDate: '2026-10-01' }],
      ['di@x.io', { id: 'u-di', programId: 'sdr-onboarding', startDate: '2026-10-01' }],
    ]),
    milestones: [
      { id: 'first-meeting-booked', title: 'First meeting booked', programs: ['sdr-onboarding'], targetDays: 14 },
      { id: 'ten-meetings-held', title: 'Ten meetings held', programs: ['sdr-onboarding'], targetDays: 45 },
      { id: 'first-renewal', title: 'First renewal', programs: ['customer-success-onboarding'], targetDays: 120 },
    ],
    recorded: new Map([
      ['u-ana/ten-meetings-held', '2026-11-20'],
      ['u-di/ten-meetings-held', '2026-11-20'],
    ]),
    today: '2026-12-02',
  };
  const row = (row: number, username: string, milestone: string, date: string): CsvRow => ({ row, username, milestone, date });

  it('adds new rows and counts rows recorded already with the same date as unchanged', () => {
    expect(
      checkCsvRows(
        [row(2, 'ana@x.io', 'first-meeting-booked', '2026-10-10'), row(3, 'ana@x.io', 'ten-meetings-held', '2026-11-20')],
        world,
      ),
    ).toEqual({
      add: [{ row: 2, username: 'ana@x.io', milestone: 'first-meeting-booked', date: '2026-10-10', userId: 'u-ana' }],
      unchanged: 1,
    });
  });

  it('names every wrong row: unknown user or milestone, duplicate, no program, another role, future, before the start, another date recorded', () => {
    const checked = checkCsvRows(
      [
        row(2, 'nobody@x.io', 'first-meeting-booked', '2026-10-10'),
        row(3, 'ana@x.io', 'first-unicorn', '2026-10-10'),
        row(4, 'ana@x.io', 'first-meeting-booked', '2026-10-10'),
        row(5, 'ana@x.io', 'first-meeting-booked', '2026-10-11'),
        row(6, 'bo@x.io', 'first-meeting-booked', '2026-10-10'),
        row(7, 'ana@x.io', 'first-renewal', '2026-10-10'),
        row(8, 'ana@x.io', 'ten-meetings-held', '2026-12-03'),
        row(9, 'cy@x.io', 'ten-meetings-held', '2026-09-30'),
        row(10, 'di@x.io', 'ten-meetings-held', '2026-11-21'),
      ],
      world,
    );
    expect(checked).toEqual({
      error: 'Nothing was stored: rows 2, 3, 5, 6, 7, 8, 9, 10 are wrong.',
      problems: [
        { row: 2, message: 'no user nobody@x.io' },
        { row: 3, message: 'no milestone first-unicorn' },
        { row: 5, message: 'repeats row 4 (ana@x.io, first-meeting-booked): keep one' },
        { row: 6, message: 'bo@x.io has no program, so no start date to count from' },
        { row: 7, message: "first-renewal is not a milestone of ana@x.io's role" },
        { row: 8, message: 'date 2026-12-03 is in the future' },
        { row: 9, message: "date 2026-09-30 is before cy@x.io's start date 2026-10-01" },
        { row: 10, message: 'di@x.io reached ten-meetings-held on 2026-11-20 already: delete that outcome first to change it' },
      ],
    });
  });
});

describe('the webhook signature', () => {
  const secret = 'a'.repeat(40);
  const body = '{"username":"ana@x.io","milestone":"first-meeting-booked","date":"2026-11-02","eventId":"evt-1"}';
  const now = new Date('2026-12-02T12:00:00Z');
  const t = now.getTime() / 1000;
  const refusal = (run: () => void): string => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(401);
      return (error as HttpError).message;
    }
    throw new Error('not refused');
  };

  it('is HMAC-SHA256 of "t.body" in hex, and passes within 5 minutes either side', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signatureHeader(secret, t, body)).toBe(`t=${t},v1=${expected}`);
    expect(() => verifySignature(signatureHeader(secret, t, body), body, now, secret)).not.toThrow();
    expect(() => verifySignature(signatureHeader(secret, t - 300, body), body, now, secret)).not.toThrow();
    expect(() => verifySignature(signatureHeader(secret, t + 300, body), body, now, secret)).not.toThrow();
    // Rotating: an old and a new signature side by side, one of them right.
    expect(() => verifySignature(`t=${t},v1=${'0'.repeat(64)},v1=${expected}`, body, now, secret)).not.toThrow();
  });

  it('refuses a missing or malformed header, another body or secret, and an old or future timestamp', () => {
    expect(refusal(() => verifySignature(null, body, now, secret))).toBe(MALFORMED);
    expect(refusal(() => verifySignature('sha256=abc', body, now, secret))).toBe(MALFORMED);
    expect(refusal(() => verifySignature(`t=${t}`, body, now, secret))).toBe(MALFORMED);
    expect(refusal(() => verifySignature(`t=${t},v1=abc`, body, now, secret))).toBe(MALFORMED);
    expect(refusal(() => verifySignature(signatureHeader(secret, t, body), `${body} `, now, secret))).toBe(WRONG_SIGNATURE);
    expect(refusal(() => verifySignature(signatureHeader('b'.repeat(40), t, body), body, now, secret))).toBe(WRONG_SIGNATURE);
    expect(refusal(() => verifySignature(signatureHeader(secret, t - 301, body), body, now, secret))).toBe(OUT_OF_WINDOW);
    expect(refusal(() => verifySignature(signatureHeader(secret, t + 301, body), body, now, secret))).toBe(OUT_OF_WINDOW);
  });

  it('refuses every call while the deployment has no secret, or one too short to be one', () => {
    const saved = process.env['OUTCOMES_WEBHOOK_SECRET'];
    try {
      delete process.env['OUTCOMES_WEBHOOK_SECRET'];
      expect(refusal(() => verifySignature(signatureHeader(secret, t, body), body, now))).toContain('OUTCOMES_WEBHOOK_SECRET is not set');
      process.env['OUTCOMES_WEBHOOK_SECRET'] = 'short';
      expect(refusal(() => verifySignature(signatureHeader('short', t, body), body, now))).toContain('OUTCOMES_WEBHOOK_SECRET is not set');
      process.env['OUTCOMES_WEBHOOK_SECRET'] = secret;
      expect(() => verifySignature(signatureHeader(secret, t, body), body, now)).not.toThrow();
    } finally {
      if (saved === undefined) delete process.env['OUTCOMES_WEBHOOK_SECRET'];
      else process.env['OUTCOMES_WEBHOOK_SECRET'] = saved;
    }
  });
});

describe('milestone timing', () => {
  it('counts days from the start (the start day is day 0) and compares them with the target', () => {
    expect(daysFromStart('2026-10-01', '2026-10-01')).toBe(0);
    expect(daysFromStart('2026-10-01', '2026-10-15')).toBe(14);
    expect(milestoneTiming(7, 14)).toBe('early');
    expect(milestoneTiming(8, 14)).toBe('on_time');
    expect(milestoneTiming(14, 14)).toBe('on_time');
    expect(milestoneTiming(15, 14)).toBe('late');
    expect(milestoneTiming(0, 0)).toBe('on_time');
  });

  it('calls a date in the future only once it is tomorrow in the latest time zone', () => {
    expect(latestToday(new Date('2026-12-02T09:59:59Z'))).toBe('2026-12-02');
    expect(latestToday(new Date('2026-12-02T10:00:00Z'))).toBe('2026-12-03');
  });

  it('lists the role milestones with their target dates and what was reached', () => {
    const milestones = [
      { id: 'first-meeting-booked', title: 'First meeting booked', programs: ['sdr-onboarding'], targetDays: 14 },
      { id: 'ten-meetings-held', title: 'Ten meetings held', programs: ['sdr-onboarding'], targetDays: 45 },
    ];
    const outcome = {
      id: 'u.first-meeting-booked',
      username: 'ana@x.io',
      milestone: 'first-meeting-booked',
      date: '2026-10-20',
      note: null,
      eventId: null,
      recordedBy: 'Ana',
      recordedAt: '2026-10-20T10:00:00.000Z',
    };
    expect(milestoneRows(milestones, '2026-10-01', [outcome])).toEqual([
      {
        id: 'first-meeting-booked',
        title: 'First meeting booked',
        targetDays: 14,
        targetDate: '2026-10-15',
        outcome,
        day: 19,
        timing: 'late',
      },
      {
        id: 'ten-meetings-held',
        title: 'Ten meetings held',
        targetDays: 45,
        targetDate: '2026-11-15',
        outcome: null,
        day: null,
        timing: null,
      },
    ]);
  });
});
