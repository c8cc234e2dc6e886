// A rep gets call prep in three taps: the persona's Call prep block on a phone, every "Why I
// Won't Buy" item of a segment with its response. Expected texts come from the content files themselves.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { expect, test, waitForIslands } from './fixtures';

interface PersonaFile {
  id: number;
  name: string;
  callPrep: { talkingPoints: string[]; objections: { objection: string; response: string; situationId: string }[] };
}
interface SegmentFile {
  id: number;
  buyerPersonas: Record<'champion' | 'decisionMaker', { whyIWontBuy: string[]; whyIWontBuyResponses: string[] }>;
}

const readAll = <T>(folder: string): T[] =>
  readdirSync(join('content', folder))
    .filter((file) => file.endsWith('.yaml'))
    .toSorted()
    .map((file) => parse(readFileSync(join('content', folder, file), 'utf8')) as T);

const PERSONAS = readAll<PersonaFile>('personas');
const SEGMENTS = readAll<SegmentFile>('segments');
const SITUATION_NAMES = new Map(readAll<{ id: string; name: string }>('sales-situations').map((s) => [s.id, s.name]));

test.use({ viewport: { width: 390, height: 844 } });

test('every persona has a Call prep block first on the Profile tab: three talking points, objections with responses and coach links', async ({
  userPage: page,
}) => {
  expect(PERSONAS.length).toBeGreaterThanOrEqual(10);
  for (const persona of PERSONAS) {
    await page.goto(`/personas/${persona.id}`);
    const profile = page.getByRole('tabpanel', { name: 'Profile' });
    const block = profile.getByTestId('call-prep');
    await expect(block.getByRole('heading', { level: 2 }).first(), persona.name).toHaveText('Call prep');
    // First thing on the tab: before Background, and within the first screen of the phone after scrolling to it.
    const headings = await profile.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.map((h) => h.trim()).slice(0, 2)).toEqual(['Call prep', 'Background']);
    await expect(block.getByTestId('call-prep-talking-points').locator('li > span:not([aria-hidden])')).toHaveText(
      persona.callPrep.talkingPoints,
    );
    const objections = block.getByTestId('call-prep-objection');
    await expect(objections).toHaveCount(persona.callPrep.objections.length);
    for (const [index, item] of persona.callPrep.objections.entries()) {
      const objection = objections.nth(index);
      await expect(objection.locator('q')).toHaveText(item.objection);
      await expect(objection.getByRole('paragraph')).toHaveText(`Response: ${item.response}`);
      const link = objection.getByRole('link');
      await expect(link).toHaveText(`Coach plays: ${SITUATION_NAMES.get(item.situationId)}`);
      await expect(link).toHaveAttribute('href', `/sales-situations?situation=${item.situationId}#coach-result`);
    }
  }
});

test('a phone reaches the coach plays for an objection in three taps from the ICP', async ({ userPage: page }) => {
  const persona = PERSONAS.find((p) => p.id === 3)!;
  await page.goto('/ideal-customer-profile');
  await page
    .getByRole('link', { name: new RegExp(persona.name) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/personas\/3$/);
  const objection = persona.callPrep.objections[0]!;
  await expect(page.getByTestId('call-prep')).toContainText(objection.response);
  await page.getByRole('link', { name: `Coach plays: ${SITUATION_NAMES.get(objection.situationId)}` }).click();
  await waitForIslands(page);
  await expect(page.getByTestId('coach-result').getByRole('heading', { level: 2 })).toContainText(
    SITUATION_NAMES.get(objection.situationId)!,
  );
  await expect(page.getByTestId('coach-why')).toHaveText('You chose this situation.');
});

test('every "Why I Won\'t Buy" item on a segment page shows its response, for both persona tabs', async ({ userPage: page }) => {
  for (const segment of SEGMENTS) {
    for (const [tab, key] of [
      ['champion', 'champion'],
      ['decision-maker', 'decisionMaker'],
    ] as const) {
      await page.goto(`/buyer-segments/${segment.id}?persona=${tab}`);
      const { whyIWontBuy, whyIWontBuyResponses } = segment.buyerPersonas[key];
      const items = page.getByRole('tabpanel').filter({ visible: true }).getByTestId('wont-buy-item');
      await expect(items, `${segment.id} ${tab}`).toHaveCount(whyIWontBuy.length);
      for (const [index, text] of whyIWontBuy.entries()) {
        await expect(items.nth(index).locator('q')).toHaveText(text);
        await expect(items.nth(index).getByRole('paragraph')).toHaveText(`Response: ${whyIWontBuyResponses[index]}`);
      }
    }
  }
});
