// Before the call: a rep connects their calendar (a local https server with a Google export), sees the next
// call on the home page, opens its prep page, corrects the persona for the company and answers the three
// questions, which mark the meeting prepared; offline the prep page still opens, and after sign-out it is gone.
// The context allows the service worker (the other specs block it) and sends the test clock with every request,
// the worker's included.
import { startCalendarServer, type CalendarServer } from '~tests/support/calendar-server';
import { expect, signUpFresh, test } from './fixtures';

// The learning test clock: the day before the fixture's first meeting (Wed 13 Jan 2027, 15:00 UTC).
const NOW = '2027-01-12T20:00:00.000Z';
let server: CalendarServer;

test.beforeAll(async () => {
  server = await startCalendarServer({ port: Number(process.env['PW_CALENDAR_PORT']) });
});
test.afterAll(() => server.stop());

test('connect a calendar, see the next call, correct the persona, prepare, open it offline; gone after sign-out', async ({ browser }) => {
  test.slow(); // a sign-up, eight page loads and the worker's copies; nothing here is timed
  const context = await browser.newContext({ serviceWorkers: 'allow', extraHTTPHeaders: { 'x-parcelwise-now': NOW } });
  const page = await context.newPage();
  await page.goto('/auth');
  await signUpFresh(page, 'Prep Rep');

  await page.goto('/settings');
  await page.getByLabel('Private address in iCalendar format').fill(`${server.origin}/calendars/prep.ics`);
  await page.getByRole('button', { name: 'Connect calendar' }).click();
  await expect(page.getByText('Your calendar is connected.')).toBeVisible();

  await page.goto('/');
  const card = page.getByTestId('next-call');
  await expect(card.getByRole('heading', { name: 'Your next call' })).toBeVisible();
  await expect(card).toContainText('Umbrella pricing review');
  await expect(card).toContainText('Wed 13 Jan, 15:00 UTC');
  await card.getByRole('link', { name: 'Prepare for this call' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Prepare for Umbrella pricing review' })).toBeVisible();
  await expect(page.getByTestId('prep-guess')).toHaveText('Dana Whitfield, Vice President of Marketing · Leasing Brokers');
  await expect(page.getByTestId('prep-reason')).toHaveText('From Dana Ruiz’s title: “VP Marketing” matches Vice President of Marketing.');

  await page.getByLabel('Persona', { exact: true }).selectOption({ label: 'Robert Haines, Director of Property Management' });
  await page.getByLabel('Segment', { exact: true }).selectOption({ label: 'Property Managers' });
  await page.getByRole('button', { name: 'Save for this company' }).click();
  await expect(page.getByText('Saved: meetings with this company use it from now on.')).toBeVisible();
  await expect(page.getByTestId('prep-guess')).toHaveText('Robert Haines, Director of Property Management · Property Managers');
  await expect(page.getByTestId('prep-reason')).toHaveText('You chose this for umbrella-freight.eu.');

  const questions = page.getByTestId('prep-question');
  await expect(questions).toHaveCount(3);
  for (const question of await questions.all()) await question.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Check my answers' }).click();
  await expect(page.getByTestId('prep-verdict')).toHaveCount(3);
  const meetings = await page.request.get('/api/meetings');
  const [meeting] = await meetings.json();
  expect(meeting).toMatchObject({ title: 'Umbrella pricing review', prepared: true, persona: '7' });

  // The worker keeps the prep pages of the next 48 hours: offline, the page opens with the saved-for-offline line.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-offline', 'kept');
  await context.setOffline(true);
  await page.goto(`/prep/${meeting.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Prepare for Umbrella pricing review' })).toBeVisible();
  await expect(page.getByTestId('offline-note')).toContainText(/^Saved for offline — as of \S.+/);

  // Signed out, the copy is gone.
  await context.setOffline(false);
  await page.goto('/');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await context.setOffline(true);
  await expect(page.goto(`/prep/${meeting.id}`)).rejects.toThrow(/net::ERR_(INTERNET_DISCONNECTED|FAILED)/);
  await context.close();
});
