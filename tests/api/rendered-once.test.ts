// Reading pages render their content once per server instance and day (docs/decisions.md "Rendering the
// same HTML once"): what is kept must be the content alone, never the visitor, the selected tab or the
// progress around it. The built function runs here, so the cache is on.
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_USER } from '~/server/demo-accounts';
import { signIn, useTestApp } from './harness';

const t = useTestApp({ signInAs: DEMO_USER });

/** Each tab panel of a page: its id, whether it is hidden, and its HTML. */
function panelsOf(html: string): Array<{ id: string; hidden: boolean; html: string }> {
  return [
    ...html.matchAll(
      /<div role="tabpanel" id="[^"]*-panel-([^"]+)"([^>]*)>([\s\S]*?)<\/div>\s*(?=<div role="tabpanel"|<\/div>\s*<script)/g,
    ),
  ].map(([, id, attributes, inner]) => ({ id: id!, hidden: /\bhidden\b/.test(attributes!), html: inner! }));
}

describe('a reading page served from memory', () => {
  it('gives every visitor the same panels, inside their own header and sidebar', async () => {
    const admin = await signIn(t.app, DEMO_ADMIN);
    const first = await (await t.client.get('/company-overview')).text();
    const second = await (await admin.get('/company-overview')).text();
    const again = await (await t.client.get('/company-overview')).text();
    expect(panelsOf(first).map((panel) => panel.id)).toEqual(['valueProps', 'differentiators', 'coreValues', 'team', 'history']);
    expect(panelsOf(second)).toEqual(panelsOf(first));
    expect(panelsOf(again)).toEqual(panelsOf(first));
    // The layout is the visitor's own: the administrator's sidebar has Team Progress, the learner's does not.
    expect(second).toContain('href="/team-progress"');
    expect(first).not.toContain('href="/team-progress"');
  });

  it('still shows the tab the URL asks for once the panels are kept', async () => {
    await t.client.get('/industry-knowledge');
    const terms = await (await t.client.get('/industry-knowledge?tab=terms-acronyms')).text();
    const shown = panelsOf(terms).filter((panel) => !panel.hidden);
    expect(shown.map((panel) => panel.id)).toEqual(['terms-acronyms']);
    expect(terms).toMatch(/aria-selected="true"[^>]*data-tab-id="terms-acronyms"/);
    const overview = await (await t.client.get('/industry-knowledge')).text();
    expect(
      panelsOf(overview)
        .filter((panel) => !panel.hidden)
        .map((panel) => panel.id),
    ).toEqual(['industry-overview']);
    expect(panelsOf(overview).map((panel) => panel.html)).toEqual(panelsOf(terms).map((panel) => panel.html));
  });

  it('keeps a lesson body, and the progress around it stays the visitor’s', async () => {
    const module = (await (await t.client.get('/api/modules/1')).json()) as { content: Array<{ id: number }> };
    const lessonId = module.content.at(-1)!.id;
    const lesson = `/modules/1/lessons/${lessonId}`;
    const before = await (await t.client.get(lesson)).text();
    // The button itself (its script, written into the page, names the attribute too).
    const markCompleteButton = /<button[^>]*\bdata-mark-complete\b/;
    expect(before).toMatch(markCompleteButton);
    const completed = await t.client.patch('/api/progress/1', { completedLessons: [lessonId] });
    expect(completed.status).toBe(200);
    const after = await (await t.client.get(lesson)).text();
    expect(after).not.toMatch(markCompleteButton);
    expect(after).toContain('data-testid="lesson-completed"');
    const body = (html: string) => /<div class="prose-hub">([\s\S]*?)<div class="flex[^"]* border-t/.exec(html)?.[1];
    expect(body(before)?.length).toBeGreaterThan(500);
    expect(body(after)).toBe(body(before));
  });

  it('renders /industry-knowledge/{id} as the module page itself', async () => {
    const module = await (await t.client.get('/modules/2')).text();
    const alias = await (await t.client.get('/industry-knowledge/2')).text();
    const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0];
    expect(main(alias)).toContain('data-testid="module-title"');
    expect(main(alias)).toBe(main(module));
    expect((await t.client.get('/industry-knowledge/99')).status).toBe(404);
  });
});
