import { describe, expect, it } from 'vitest';
import { inlineText, textSections } from './lesson-text';

const BODY = `---
id: 1
title: Front matter is skipped
---
import Something from './x';

Intro with **bold**, a [link](https://example.com) and \`code\`.

## Net leases: N, NN and NNN

1. **Single net (N):** plus property taxes.
- Triple net (NNN).

| Lease | Who pays |
|---|---|
| NNN | Tenant |

<KnowledgeCheck
  question="Which tier is it?"
  options={["Tier 1", "Tier 2"]}
  answer={0}
  explanation="The secret explanation."
/>

## Key takeaways

### Key takeaways

Done.
`;

describe('textSections', () => {
  const sections = textSections(BODY);

  it('cuts the body at its headings, each with the id Astro gives it (repeats numbered)', () => {
    expect(sections.map((s) => [s.heading, s.anchor])).toEqual([
      [null, null],
      ['Net leases: N, NN and NNN', 'net-leases-n-nn-and-nnn'],
      ['Key takeaways', 'key-takeaways'],
      ['Key takeaways', 'key-takeaways-1'],
    ]);
  });

  it('keeps what a reader sees: text without Markdown syntax, imports or front matter', () => {
    expect(sections[0]?.text).toBe('Intro with bold, a link and code.');
    expect(sections[1]?.text).toContain('Single net (N): plus property taxes.\nTriple net (NNN).');
    expect(sections[1]?.text).toContain('NNN · Tenant');
    expect(sections[1]?.text).not.toMatch(/---|\*\*|import/);
  });

  it("keeps a knowledge check's question, never its options, answer or explanation", () => {
    expect(sections[1]?.text).toContain('Which tier is it?');
    expect(sections[1]?.text).not.toMatch(/Tier 1|secret explanation|answer/);
  });

  it('reads inline Markdown as text', () => {
    expect(inlineText('A **bold** _word_, ![img](x.png) and <abbr>HTML</abbr>')).toBe('A bold word, img and HTML');
  });
});
