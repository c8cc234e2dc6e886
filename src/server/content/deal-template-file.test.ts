// The deal-template file: every section's guidance and filled example, tables as Markdown tables (pipes
// in a cell escaped), the rules, and the file name the download is saved under.
import { describe, expect, it } from 'vitest';
import { dealTemplateSchema, type DealTemplate } from '~/schemas/deal-templates';
import { dealTemplateFileName, dealTemplateMarkdown } from './deal-template-file';

const template: DealTemplate = dealTemplateSchema.parse({
  review: { owner: 'grace-villanueva', lastReviewed: '2026-12-02', reviewBy: '2027-06-01' },
  id: 'mutual-action-plan',
  title: 'Mutual action plan',
  purpose: 'One shared list of steps.',
  whenToUse: 'After the demo.',
  example: 'A fictional brokerage.',
  sections: [
    { heading: 'The goal', guidance: 'Their words.', example: 'Live by spring.' },
    {
      heading: 'The steps',
      guidance: 'Every step.',
      columns: ['Step', 'Owner', 'Date'],
      rows: [{ cells: ['Demo | review', 'Nathan Greer', '2026-12-09'] }],
    },
  ],
  rules: ['Every step has two owners.'],
});

describe('a deal template as a file', () => {
  it('is named after the template', () => {
    expect(dealTemplateFileName(template)).toBe('parcelwise-mutual-action-plan.md');
  });

  it('holds the title, each section with its guidance and example, the table and the rules', () => {
    const text = dealTemplateMarkdown(template);
    expect(text.startsWith('# Mutual action plan\n\nOne shared list of steps.\n')).toBe(true);
    expect(text).toContain('**When to use it:** After the demo.');
    expect(text).toContain('## The goal\n\n_How to fill it in:_ Their words.\n\nLive by spring.\n');
    expect(text).toContain('| Step | Owner | Date |\n|---|---|---|\n| Demo \\| review | Nathan Greer | 2026-12-09 |');
    expect(text).toContain('## Rules\n\n- Every step has two owners.');
    expect(text).toContain('Reviewed 2026-12-02');
  });

  it('refuses a table row with more cells than columns, and a section without an example', () => {
    const section = { heading: 'H', guidance: 'G', columns: ['A', 'B'], rows: [{ cells: ['1', '2', '3'] }] };
    const bad = { ...template, sections: [section, { heading: 'H2', guidance: 'G2' }] };
    const issues = dealTemplateSchema.safeParse(bad).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(issues).toEqual(['sections.0.rows.0.cells: has 3 cells, but the table has 2 columns', 'sections.1.example: a section needs an `example` text or an example table']);
  });
});
