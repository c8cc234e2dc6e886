// Ramp outcomes over HTTP (docs/product.md "Ramp milestones"): recording from a session (the person,
// an administrator), from a CRM's signed webhook, by CSV upload; listing and deleting; every refusal,
// each checked to have stored nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomeSchema, outcomesCsvErrorSchema, outcomesCsvResponseSchema, outcomesResponseSchema } from '~/shared/api/outcomes';
import { DEMO_ADMIN } from '~/server/demo-accounts';
import { signatureHeader } from '~/server/outcomes/signature';
import { expectJson, messageOf, signIn, signUp, startApp, type ApiClient, type TestApp } from './harness';

const SECRET = `test-secret-${randomUUID()}`;
const ACCESS_DENIED = 'The Team Progress dashboard is only accessible to administrators.';

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  process.env['OUTCOMES_WEBHOOK_SECRET'] = SECRET;
  app = await startApp();
  admin = await signIn(app, DEMO_ADMIN);
});
afterAll(async () => {
  delete process.env['OUTCOMES_WEBHOOK_SECRET'];
  await app.stop();
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A new person on a program that started 30 days ago (none: no program). */
async function newRep(programId: string | null = 'sdr-onboarding', startDate = day(-30)) {
  const person = await signUp(app, 'Ramp Rep');
  if (programId)
    expect((await admin.post('/api/program-assignments', { username: person.user.username, programId, startDate })).status).toBe(201);
  return person;
}

const outcomesOf = async (username: string) =>
  expectJson(await admin.get(`/api/outcomes?username=${encodeURIComponent(username)}`), 200, outcomesResponseSchema);

const webhook = (body: string, options: { t?: number; secret?: string; header?: string; headers?: Record<string, string> } = {}) =>
  app.request('POST', '/api/outcomes', {
    rawBody: body,
    withoutOrigin: true,
    headers: {
      'X-Parcelwise-Signature':
        options.header ?? signatureHeader(options.secret ?? SECRET, options.t ?? Math.floor(Date.now() / 1000), body),
      ...options.headers,
    },
  });

const csv = (client: ApiClient, text: string | Uint8Array<ArrayBuffer>, type = 'text/csv') =>
  client.request('POST', '/api/outcomes/csv', { rawBody: text, headers: { 'Content-Type': type } });

describe('POST /api/outcomes from a session', () => {
  it('the person records their own milestone: 201; the same again 200; another date 409', async () => {
    const { client, user } = await newRep();
    const body = { username: user.username, milestone: 'first-meeting-booked', date: day(-25), note: 'Acme, via LinkedIn' };
    const outcome = await expectJson(await client.post('/api/outcomes', body), 201, outcomeSchema);
    expect(outcome).toMatchObject({
      username: user.username,
      milestone: 'first-meeting-booked',
      date: day(-25),
      note: 'Acme, via LinkedIn',
      eventId: null,
      recordedBy: 'Ramp Rep',
    });
    expect(outcome.id).toBe(`${user.id}.first-meeting-booked`);
    expect(await expectJson(await client.post('/api/outcomes', body), 200, outcomeSchema)).toEqual(outcome);
    expect(await messageOf(await client.post('/api/outcomes', { ...body, date: day(-24) }), 409)).toBe(
      `${user.username} reached first-meeting-booked on ${day(-25)} already: delete that outcome first to change it`,
    );
    const listed = await outcomesOf(user.username);
    expect(listed.outcomes).toEqual([outcome]);
    expect(listed.startDate).toBe(day(-30));
    expect(listed.milestones.map((row) => [row.id, row.targetDays, row.day, row.timing])).toEqual([
      ['first-meeting-booked', 14, 5, 'early'],
      ['ten-meetings-held', 45, null, null],
      ['first-qualified-opportunity', 60, null, null],
    ]);
  });

  it('refuses somebody else’s (403), signed out (401) and from another site (403), storing nothing', async () => {
    const { user } = await newRep();
    const other = await newRep();
    const body = { username: user.username, milestone: 'first-meeting-booked', date: day(-1) };
    expect(await messageOf(await other.client.post('/api/outcomes', body), 403)).toBe('You can record and see only your own milestones.');
    expect(await messageOf(await app.client().post('/api/outcomes', body), 401)).toBe('Not signed in');
    const crossSite = await admin.request('POST', '/api/outcomes', { body, headers: { Origin: 'https://evil.example' } });
    expect(await messageOf(crossSite, 403)).toBe('Cross-site requests are not allowed');
    expect((await outcomesOf(user.username)).outcomes).toEqual([]);
  });

  it('an administrator records anybody’s; each wrong input is named and nothing is stored', async () => {
    const { user } = await newRep();
    const { user: noProgram } = await newRep(null);
    const ok = await expectJson(
      await admin.post('/api/outcomes', { username: user.username, milestone: 'ten-meetings-held', date: day(0) }),
      201,
      outcomeSchema,
    );
    expect(ok.recordedBy).toBe(DEMO_ADMIN.name);
    const refusals: Array<[unknown, number, string]> = [
      [
        { username: 'nobody@parcelwise.example', milestone: 'first-meeting-booked', date: day(-1) },
        404,
        'No user nobody@parcelwise.example',
      ],
      [{ username: user.username, milestone: 'first-unicorn', date: day(-1) }, 400, 'milestone: no milestone first-unicorn'],
      [
        { username: user.username, milestone: 'first-renewal', date: day(-1) },
        400,
        `milestone: first-renewal is not a milestone of ${user.username}'s role`,
      ],
      [
        { username: noProgram.username, milestone: 'first-meeting-booked', date: day(-1) },
        409,
        `${noProgram.username} has no program, so no start date to count from`,
      ],
      [{ username: user.username, milestone: 'first-meeting-booked', date: day(2) }, 400, `date: ${day(2)} is in the future`],
      [
        { username: user.username, milestone: 'first-meeting-booked', date: day(-31) },
        400,
        `date: ${day(-31)} is before ${user.username}'s start date ${day(-30)}`,
      ],
      [
        { username: user.username, milestone: 'first-meeting-booked', date: '2026-02-30' },
        400,
        'date: date must be a date written YYYY-MM-DD',
      ],
      [
        { username: user.username, milestone: 'First Meeting', date: day(-1) },
        400,
        'milestone: milestone must be the id of a ramp milestone',
      ],
      [{ username: user.username, milestone: 'first-meeting-booked', date: day(-1), extra: 1 }, 400, 'Unknown field: extra'],
    ];
    for (const [body, status, message] of refusals)
      expect(await messageOf(await admin.post('/api/outcomes', body), status)).toContain(message);
    expect((await outcomesOf(user.username)).outcomes).toEqual([ok]);
    expect((await outcomesOf(noProgram.username)).outcomes).toEqual([]);
  });
});

describe('POST /api/outcomes from the CRM webhook', () => {
  it('a signed call without a session or an Origin is recorded once; its event id sent again is 409 and stores nothing', async () => {
    const { user } = await newRep('account-executive-onboarding');
    const eventId = `evt-${randomUUID()}`;
    const body = JSON.stringify({ username: user.username, milestone: 'first-opportunity', date: day(-2), eventId });
    const outcome = await expectJson(await webhook(body), 201, outcomeSchema);
    expect(outcome).toMatchObject({ milestone: 'first-opportunity', date: day(-2), eventId, recordedBy: 'CRM webhook' });
    expect(await messageOf(await webhook(body), 409)).toBe(`Event ${eventId} was received already: nothing was stored.`);
    const replayedElsewhere = JSON.stringify({ username: user.username, milestone: 'first-proposal', date: day(-1), eventId });
    expect(await messageOf(await webhook(replayedElsewhere), 409)).toBe(`Event ${eventId} was received already: nothing was stored.`);
    expect((await outcomesOf(user.username)).outcomes).toEqual([outcome]);
    // From another site's page too: the signature is its authority, not the Origin.
    const fromElsewhere = JSON.stringify({
      username: user.username,
      milestone: 'first-proposal',
      date: day(-1),
      eventId: `evt-${randomUUID()}`,
    });
    expect((await webhook(fromElsewhere, { headers: { Origin: 'https://crm.example' } })).status).toBe(201);
  });

  it('refuses a wrong, malformed or old signature, the wrong secret and an empty header with 401, storing nothing', async () => {
    const { user } = await newRep('account-executive-onboarding');
    const body = JSON.stringify({ username: user.username, milestone: 'first-opportunity', date: day(-2), eventId: `evt-${randomUUID()}` });
    const now = Math.floor(Date.now() / 1000);
    const calls: Array<[Promise<Response>, string]> = [
      [webhook(body, { secret: `${SECRET}x` }), 'The signature does not match the body: sign "t.body" with the deployment’s secret.'],
      [webhook(body, { header: signatureHeader(SECRET, now, `${body} `) }), 'The signature does not match the body'],
      [webhook(body, { header: '' }), 'X-Parcelwise-Signature must be t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">.'],
      [webhook(body, { header: `t=${now}` }), 'X-Parcelwise-Signature must be'],
      [webhook(body, { t: now - 301 }), 'The signature’s timestamp is more than 5 minutes from now: sign the call when you send it.'],
      [webhook(body, { t: now + 400 }), 'more than 5 minutes from now'],
    ];
    for (const [call, message] of calls) expect(await messageOf(await call, 401)).toContain(message);
    expect((await outcomesOf(user.username)).outcomes).toEqual([]);
    // The event id of a refused call is not used up: the right call is recorded.
    expect((await webhook(body)).status).toBe(201);
  });

  it('ignores a session sent with a signature: a person cannot pass off a bad signature with their cookie', async () => {
    const { client, user } = await newRep('account-executive-onboarding');
    const body = JSON.stringify({ username: user.username, milestone: 'first-opportunity', date: day(-2), eventId: `evt-${randomUUID()}` });
    const response = await client.request('POST', '/api/outcomes', {
      rawBody: body,
      headers: { 'X-Parcelwise-Signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
    });
    expect(await messageOf(response, 401)).toContain('The signature does not match the body');
    expect((await outcomesOf(user.username)).outcomes).toEqual([]);
  });

  it('needs an event id (400) and a valid body (400) once the signature is right', async () => {
    const { user } = await newRep('account-executive-onboarding');
    expect(
      await messageOf(await webhook(JSON.stringify({ username: user.username, milestone: 'first-opportunity', date: day(-2) })), 400),
    ).toBe('eventId is required on a webhook call');
    expect(await messageOf(await webhook('{not json'), 400)).toBe('Request body must be valid JSON');
    expect((await outcomesOf(user.username)).outcomes).toEqual([]);
  });

  it('is off without a secret on the deployment: 401', async () => {
    const { user } = await newRep('account-executive-onboarding');
    const body = JSON.stringify({ username: user.username, milestone: 'first-opportunity', date: day(-2), eventId: `evt-${randomUUID()}` });
    delete process.env['OUTCOMES_WEBHOOK_SECRET'];
    try {
      expect(await messageOf(await webhook(body), 401)).toBe(
        'Webhook calls are not enabled on this deployment (OUTCOMES_WEBHOOK_SECRET is not set).',
      );
    } finally {
      process.env['OUTCOMES_WEBHOOK_SECRET'] = SECRET;
    }
    expect((await outcomesOf(user.username)).outcomes).toEqual([]);
  });
});

describe('GET /api/outcomes and DELETE /api/outcomes/{id}', () => {
  it('a person sees their own (403 for anybody else’s); an administrator anybody’s; 401 signed out; 404 unknown', async () => {
    const { client, user } = await newRep();
    const other = await newRep();
    const own = await expectJson(
      await client.get(`/api/outcomes?username=${encodeURIComponent(user.username)}`),
      200,
      outcomesResponseSchema,
    );
    expect(own).toMatchObject({ username: user.username, programId: 'sdr-onboarding', startDate: day(-30), outcomes: [] });
    expect(await messageOf(await client.get(`/api/outcomes?username=${encodeURIComponent(other.user.username)}`), 403)).toBe(
      'You can record and see only your own milestones.',
    );
    expect(await messageOf(await app.client().get(`/api/outcomes?username=${encodeURIComponent(user.username)}`), 401)).toBe(
      'Not signed in',
    );
    expect(await messageOf(await admin.get('/api/outcomes?username=nobody%40parcelwise.example'), 404)).toBe(
      'No user nobody@parcelwise.example',
    );
    expect(await messageOf(await admin.get('/api/outcomes'), 400)).toContain('username');
  });

  it('administrators delete an outcome (204), which frees the milestone; 404 after; 403 for anybody else', async () => {
    const { client, user } = await newRep();
    const outcome = await expectJson(
      await client.post('/api/outcomes', { username: user.username, milestone: 'first-meeting-booked', date: day(-3) }),
      201,
      outcomeSchema,
    );
    const path = `/api/outcomes/${encodeURIComponent(outcome.id)}`;
    expect(await messageOf(await client.request('DELETE', path), 403)).toBe(ACCESS_DENIED);
    expect((await admin.request('DELETE', path)).status).toBe(204);
    expect(await messageOf(await admin.request('DELETE', path), 404)).toBe(`No outcome ${outcome.id}`);
    expect(await messageOf(await admin.request('DELETE', '/api/outcomes/..%2Fusers'), 404)).toContain('No outcome');
    expect((await outcomesOf(user.username)).outcomes).toEqual([]);
    expect((await client.post('/api/outcomes', { username: user.username, milestone: 'first-meeting-booked', date: day(-2) })).status).toBe(
      201,
    );
  });
});

describe('POST /api/outcomes/csv', () => {
  it('stores every row of a good file; the same file again changes nothing', async () => {
    const a = await newRep();
    const b = await newRep('customer-success-onboarding');
    const file = `username,milestone,date\n${a.user.username},first-meeting-booked,${day(-20)}\n${b.user.username},first-qbr-held,${day(-1)}\n`;
    expect(await expectJson(await csv(admin, file), 200, outcomesCsvResponseSchema)).toEqual({ added: 2, unchanged: 0 });
    expect(await expectJson(await csv(admin, file), 200, outcomesCsvResponseSchema)).toEqual({ added: 0, unchanged: 2 });
    const [first] = (await outcomesOf(a.user.username)).outcomes;
    expect(first).toMatchObject({ milestone: 'first-meeting-booked', date: day(-20), recordedBy: DEMO_ADMIN.name });
    expect((await outcomesOf(b.user.username)).outcomes.map((outcome) => outcome.milestone)).toEqual(['first-qbr-held']);
  });

  it('refuses the whole file naming each wrong row, and stores none of its good rows', async () => {
    const { user } = await newRep();
    const { user: noProgram } = await newRep(null);
    const u = user.username;
    const file = [
      'username,milestone,date',
      `${u},first-meeting-booked,${day(-20)}`,
      `nobody@parcelwise.example,first-meeting-booked,${day(-20)}`,
      `${u},first-unicorn,${day(-20)}`,
      `${u},ten-meetings-held,${day(3)}`,
      `${u},first-qualified-opportunity,${day(-40)}`,
      `${u},first-meeting-booked,${day(-19)}`,
      `=cmd|' /C calc'!A0,first-meeting-booked,${day(-20)}`,
      `${noProgram.username},first-meeting-booked,${day(-1)}`,
    ].join('\n');
    const refused = await expectJson(await csv(admin, file), 400, outcomesCsvErrorSchema);
    expect(refused).toEqual({
      error: 'Nothing was stored: row 8 is wrong.',
      rows: [{ row: 8, message: `has a cell that starts like a formula ("=cmd|' /C calc'!A0"): remove the leading character` }],
    });
    const withoutFormula = file
      .split('\n')
      .filter((line) => !line.startsWith('='))
      .join('\n');
    expect(await expectJson(await csv(admin, withoutFormula), 400, outcomesCsvErrorSchema)).toEqual({
      error: 'Nothing was stored: rows 3, 4, 5, 6, 7, 8 are wrong.',
      rows: [
        { row: 3, message: 'no user nobody@parcelwise.example' },
        { row: 4, message: 'no milestone first-unicorn' },
        { row: 5, message: `date ${day(3)} is in the future` },
        { row: 6, message: `date ${day(-40)} is before ${u}'s start date ${day(-30)}` },
        { row: 7, message: `repeats row 2 (${u}, first-meeting-booked): keep one` },
        { row: 8, message: `${noProgram.username} has no program, so no start date to count from` },
      ],
    });
    expect((await outcomesOf(u)).outcomes).toEqual([]);
  });

  it('refuses 10,000 rows, a file that is not UTF-8, another content type and anybody but an administrator', async () => {
    const { client, user } = await newRep();
    const big = [
      'username,milestone,date',
      ...Array.from({ length: 10_000 }, () => `${user.username},first-meeting-booked,${day(-1)}`),
    ].join('\n');
    const started = Date.now();
    const tooMany = await expectJson(await csv(admin, big), 400, outcomesCsvErrorSchema);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(tooMany).toEqual({
      error: 'The file has 10000 rows; upload at most 2000 at a time.',
      rows: [{ row: 2002, message: 'row 2002 is past the 2000-row limit: split the file' }],
    });
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode(`${user.username},first-meeting-booked,${day(-1)}\nj`),
      0xf6,
      ...new TextEncoder().encode(`rg,first-meeting-booked,${day(-1)}\n`),
    ]);
    expect(await expectJson(await csv(admin, latin1), 400, outcomesCsvErrorSchema)).toEqual({
      error: 'Nothing was stored: row 2 is wrong.',
      rows: [{ row: 2, message: 'is not UTF-8 text: save the file as CSV UTF-8' }],
    });
    expect(await messageOf(await csv(admin, `${user.username},first-meeting-booked,${day(-1)}`, 'application/json'), 415)).toBe(
      'Send the file with Content-Type: text/csv',
    );
    expect(await messageOf(await csv(client, `${user.username},first-meeting-booked,${day(-1)}`), 403)).toBe(ACCESS_DENIED);
    expect(await messageOf(await csv(app.client(), 'x'), 401)).toBe('Not signed in');
    expect((await outcomesOf(user.username)).outcomes).toEqual([]);
  });
});
