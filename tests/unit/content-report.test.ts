// `npm run content:report` with a fixed clock (never today's date): on a copy of the content whose review
// dates are rewritten to a known schedule, it lists what is overdue or due soon and exits 1 only when
// something is overdue; broken content exits 2.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citedFacts } from '~/content-check/claim-text';
import { readContent } from '~/content-check/read';
import { contentReport } from '~/content-check/report';
import { contentFile, contentFixture, PROJECT_ROOT, replaceOnce, type ContentFixture } from '../support/content-fixture';
import { runScript } from '../support/run-script';

/** The team member ids, to spread the rewritten reviews over owners as the review-load rules require. */
const TEAM = [...readFileSync(join(PROJECT_ROOT, 'content/company/team.yaml'), 'utf8').matchAll(/^- id: ([a-z-]+)$/gm)].map(
  (match) => match[1]!,
);

/**
 * Every review reviewed on 2026-01-15 and due from 2026-09-07 on, about ten a week (Mondays to Fridays)
 * and owners in turn: nothing due before September, and no owner or week over the review-load limits.
 */
function rewriteReviews(dir: string, counter = { n: 0 }): void {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) rewriteReviews(path, counter);
    else if (/\.(ya?ml|mdx)$/.test(name)) {
      writeFileSync(
        path,
        readFileSync(path, 'utf8').replace(/review: \{[^}\n]*\}/g, () => {
          const n = counter.n++;
          const due = new Date(Date.UTC(2026, 8, 7 + Math.floor(n / 10) * 7 + (n % 5))).toISOString().slice(0, 10);
          return `review: { owner: ${TEAM[n % TEAM.length]}, lastReviewed: 2026-01-15, reviewBy: ${due} }`;
        }),
      );
    }
  }
}

let fixture: ContentFixture;
beforeAll(() => {
  fixture = contentFixture();
  rewriteReviews(join(fixture.root, 'content'));
  // The facts were reviewed before every entry that cites them: nothing is reopened until a test reviews one.
  for (const name of readdirSync(join(fixture.root, 'content/facts'))) {
    const path = join(fixture.root, 'content/facts', name);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/lastReviewed: 2026-01-15/g, 'lastReviewed: 2026-01-01'));
  }
  const set = (file: string, review: string) => {
    const path = join(fixture.root, file);
    writeFileSync(path, replaceOnce(/review: \{[^}\n]*\}/, `review: ${review}`)(readFileSync(path, 'utf8')));
  };
  set(contentFile('lessons', 503), '{ owner: rafael-souza, lastReviewed: 2026-01-10, reviewBy: 2026-06-30 }');
  set(contentFile('personas', 9), '{ owner: grace-villanueva, lastReviewed: 2026-01-20, reviewBy: 2026-07-20 }');
});
afterAll(() => fixture.cleanup());

describe('content report', () => {
  it('lists the overdue and due-soon entries with owner, dates, file and page, and exits 1 when one is overdue', () => {
    const report = contentReport(fixture.root, '2026-07-01');
    expect(report.exitCode).toBe(1);
    const [heading, ...lines] = report.text.split('\n');
    expect(heading).toMatch(
      /^Content health on 2026-07-01: 1 overdue, 0 to review again after a fact changed, 1 due within 30 days \(of \d{3} entries\)\.$/,
    );
    expect(lines).toEqual([
      "OVERDUE   2026-06-30  1 day overdue     lesson 'Integrations: The Connected Stack' — owner Rafael Souza (rafael-souza), last reviewed 2026-01-10",
      `          ${contentFile('lessons', 503)} · /modules/5/lessons/503`,
      "due soon  2026-07-20  due in 19 days    persona 'Kevin Brandt' — owner Grace Villanueva (grace-villanueva), last reviewed 2026-01-20",
      `          ${contentFile('personas', 9)} · /personas/9`,
    ]);
  });

  it('exits 0 when nothing is overdue, whatever is due soon', () => {
    const report = contentReport(fixture.root, '2026-06-15');
    expect(report.exitCode).toBe(0);
    expect(report.rows.map((row) => [row.id, row.status, row.daysLeft])).toEqual([['503', 'due-soon', 15]]);
    expect(contentReport(fixture.root, '2026-01-16').text).toMatch(
      /^Content health on 2026-01-16: 0 overdue, 0 to review again after a fact changed, 0 due within 30 days \(of \d+ entries\)\.$/,
    );
  });

  it('lists every entry that cites a fact reviewed after it, with the fact and the date, and still exits 0', () => {
    const factFile = join(fixture.root, contentFile('facts', 'crm-hubspot'));
    const before = readFileSync(factFile, 'utf8');
    writeFileSync(
      factFile,
      replaceOnce(/(- id: crm-hubspot\n {2}review: \{ owner: [a-z-]+, lastReviewed: )2026-01-01/, '$12026-05-01')(before),
    );
    try {
      const citing = readContent(fixture.root)
        .entries.filter((entry) => citedFacts(entry.data).includes('crm-hubspot'))
        .map((entry) => entry.id);
      const report = contentReport(fixture.root, '2026-06-15');
      expect(report.exitCode).toBe(0);
      expect(report.text.split('\n')[0]).toMatch(
        new RegExp(`^Content health on 2026-06-15: 0 overdue, ${citing.length} to review again after a fact changed, 0 due within 30 days`),
      );
      expect(citing).toEqual(expect.arrayContaining(['503', 'crm-has-marketing', 'influencer']));
      const reopened = report.rows.filter((row) => row.status === 'needs-review');
      expect(reopened.map((row) => row.id).sort()).toEqual([...citing].sort());
      expect(report.text).toContain(
        `${contentFile('objections', 'crm-has-marketing')} · /sales-kit/objections#objection-crm-has-marketing\n          review again: fact 'HubSpot: what syncs, and which way' changed on 2026-05-01`,
      );
    } finally {
      writeFileSync(factFile, before);
    }
  });

  it('exits 2 when the content itself is broken', () => {
    const broken = contentFixture({ [contentFile('lessons', 205)]: replaceOnce('answer={1}', 'answer={9}') });
    try {
      const report = contentReport(broken.root, '2026-11-24');
      expect(report.exitCode).toBe(2);
      expect(report.text).toContain('The content has 1 problems: run `npm run build` to see them.');
    } finally {
      broken.cleanup();
    }
  });

  it('is what `npm run content:report -- --today` prints, with the exit code', async () => {
    const script = ['--root', fixture.root];
    const overdue = await runScript('scripts/content-report.ts', [...script, '--today', '2026-07-01']);
    expect(overdue.code).toBe(1);
    expect(overdue.stdout).toContain(
      'Content health on 2026-07-01: 1 overdue, 0 to review again after a fact changed, 1 due within 30 days',
    );
    const clean = await runScript('scripts/content-report.ts', [...script, '--today', '2026-06-15']);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('Content health on 2026-06-15: 0 overdue, 0 to review again after a fact changed, 1 due within 30 days');
  }, 180_000);
});
