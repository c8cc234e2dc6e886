// The coach's keyword matcher and the sales-situation content it runs on (docs/product.md "Sales Situations Coach (/sales-situations)").
import { describe, expect, test } from 'vitest';
import { salesSituationListSchema, salesSituationSchema } from '~/schemas/coach';
import { FALLBACK_SITUATIONS, matchSituation, normalise, playPreview, type SituationKeywords } from './match';
import { loadSituations, situationFiles } from '~tests/support/sales-situations';

// A small fixture in content order, so the rules are tested independently of the real wording.
const SITUATIONS: SituationKeywords[] = [
  { id: 're-qualifying', keywords: ['stalled', 'gone quiet'] },
  { id: 'multi-threading', keywords: ['stakeholders', 'single point of contact'] },
  { id: 'access-to-decision-maker', keywords: ['decision maker', 'approval'] },
  { id: 'addressing-concerns-late-stage', keywords: ['concern', 'contract', 'late stage'] },
  { id: 'early-pricing-conversation', keywords: ['price', 'pricing', 'how much'] },
  { id: 'budget-pushback', keywords: ['budget', 'too expensive', "can't afford", 'cant afford'] },
  { id: 'testing-the-champion', keywords: ['champion', 'contract'] },
  { id: 'business-impact-discovery', keywords: ['discovery', 'business impact', 'impact'] },
];

describe('matchSituation: keywords', () => {
  test.each([
    // [request, expected situation, expected matched keywords, expected score]
    ['They pushed back on budget', 'budget-pushback', ['budget'], 1],
    ['budget', 'budget-pushback', ['budget'], 1],
    ['It is too expensive for us', 'budget-pushback', ['too expensive'], 2],
    ['The deal has stalled', 're-qualifying', ['stalled'], 1],
    ['We only have a single point of contact', 'multi-threading', ['single point of contact'], 4],
    ['How do I reach the decision maker?', 'access-to-decision-maker', ['decision maker'], 2],
    ['business impact discovery call', 'business-impact-discovery', ['discovery', 'business impact', 'impact'], 4],
  ])('%j → %s', (request, id, matched, score) => {
    expect(matchSituation(request, SITUATIONS)).toEqual({ situationId: id, reason: 'keywords', matchedKeywords: matched, score });
  });

  test('a phrase scores its word count, so it beats more single words elsewhere', () => {
    // 'price' + 'pricing' = 2 for early pricing; 'single point of contact' = 4 for multi-threading.
    const result = matchSituation('price and pricing with a single point of contact', SITUATIONS);
    expect(result).toMatchObject({ situationId: 'multi-threading', score: 4 });
  });

  test('scores add up across keywords: the highest total wins', () => {
    // budget pushback: 'budget' (1) + 'too expensive' (2) = 3 beats early pricing: 'price' (1), though pricing comes first.
    expect(matchSituation('budget is tight and it is too expensive, what price', SITUATIONS)).toMatchObject({
      situationId: 'budget-pushback',
      matchedKeywords: ['budget', 'too expensive'],
      score: 3,
    });
  });

  test('ties keep the first situation in content order', () => {
    // 'price' (early pricing, 5th) and 'budget' (budget pushback, 6th) score 1 each.
    expect(matchSituation('budget and price', SITUATIONS)).toMatchObject({ situationId: 'early-pricing-conversation', score: 1 });
    // Reordering the situations changes the winner: the order alone decides a tie.
    const reversed = [...SITUATIONS].reverse();
    expect(matchSituation('budget and price', reversed)).toMatchObject({ situationId: 'budget-pushback', score: 1 });
    // One keyword in two situations: the first one wins.
    expect(matchSituation('the contract', SITUATIONS)).toMatchObject({ situationId: 'addressing-concerns-late-stage' });
  });

  test('a keyword scores once however often it occurs', () => {
    expect(matchSituation('budget budget budget', SITUATIONS)).toMatchObject({ score: 1, matchedKeywords: ['budget'] });
  });

  test('keywords that normalise to the same words count once', () => {
    expect(matchSituation('we cant afford it', SITUATIONS)).toMatchObject({
      situationId: 'budget-pushback',
      matchedKeywords: ["can't afford"],
      score: 2,
    });
  });
});

describe('matchSituation: case, punctuation, whole words', () => {
  test.each([
    ['BUDGET!!!', 'budget-pushback'],
    ['Budget?', 'budget-pushback'],
    ['"budget"', 'budget-pushback'],
    ['(budget)', 'budget-pushback'],
    ['Too-Expensive', 'budget-pushback'],
    ['Can’t afford it', 'budget-pushback'],
    ['the DECISION-MAKER says no', 'access-to-decision-maker'],
    ['decision\n\tmaker', 'access-to-decision-maker'],
    ['Pricing…', 'early-pricing-conversation'],
  ])('%j → %s', (request, id) => {
    expect(matchSituation(request, SITUATIONS)).toMatchObject({ situationId: id, reason: 'keywords' });
  });

  test.each([
    ['priceless', 'price inside a longer word'],
    ['prices', 'a plural the content does not list'],
    ['budgetary', 'budget inside a longer word'],
    ['decision making', 'a phrase with a different second word'],
    ['maker decision', 'phrase words out of order'],
  ])('%j does not match (%s)', (request) => {
    expect(matchSituation(request, SITUATIONS)).toMatchObject({ reason: 'fallback' });
  });

  test('normalise lowercases, strips accents and apostrophes, turns punctuation into single spaces', () => {
    expect(normalise('  Don’t   PANIC — it’s the Décision-Maker!  ')).toBe('dont panic its the decision maker');
  });
});

describe('matchSituation: fallbacks and blank input', () => {
  test.each([
    ['Can you help me with this account?', 'help'],
    ['What does it solve for them?', 'solve'],
    ['They have a problem with leads', 'problem'],
    ['Big PROBLEMS here', 'problem'],
    ['Not very helpful so far', 'help'],
  ])('%j with no keyword → business impact discovery (trigger %s)', (request, trigger) => {
    expect(matchSituation(request, SITUATIONS)).toEqual({
      situationId: FALLBACK_SITUATIONS.problem,
      reason: 'fallback',
      trigger,
    });
  });

  test.each(['Tell me something', 'hello there', '???', 'x'])('%j with no keyword and no problem term → re-qualifying', (request) => {
    expect(matchSituation(request, SITUATIONS)).toEqual({ situationId: FALLBACK_SITUATIONS.default, reason: 'fallback', trigger: null });
  });

  test('a keyword match wins over the problem fallback', () => {
    expect(matchSituation('help, the budget is gone', SITUATIONS)).toMatchObject({ situationId: 'budget-pushback', reason: 'keywords' });
  });

  test('the fallback ids are the real situation ids', () => {
    expect(FALLBACK_SITUATIONS).toEqual({ problem: 'business-impact-discovery', default: 're-qualifying' });
  });

  test.each(['', ' ', '   \t\n  '])('blank input %j matches nothing', (request) => {
    expect(matchSituation(request, SITUATIONS)).toBeNull();
  });
});

describe('playPreview', () => {
  test('keeps up to 80 characters and marks a cut with an ellipsis', () => {
    expect(playPreview('a'.repeat(80))).toBe('a'.repeat(80));
    expect(playPreview('b'.repeat(81))).toBe(`${'b'.repeat(80)}…`);
    expect(playPreview('Short play')).toBe('Short play');
  });
});

describe('sales-situation content', () => {
  const situations = loadSituations();

  test('has the eight situations in the documented order', () => {
    expect(situations.map((s) => s.id)).toEqual([
      're-qualifying',
      'multi-threading',
      'access-to-decision-maker',
      'addressing-concerns-late-stage',
      'early-pricing-conversation',
      'budget-pushback',
      'testing-the-champion',
      'business-impact-discovery',
    ]);
  });

  test('each file is named NN-<id>.yaml, NN being its position', () => {
    expect(situationFiles()).toEqual(situations.map((s, i) => `${String(i + 1).padStart(2, '0')}-${s.id}.yaml`));
  });

  test('every situation has 1 to 4 plays, a name, an emoji and keywords', () => {
    for (const s of situations) {
      expect(s.plays.length, s.id).toBeGreaterThanOrEqual(1);
      expect(s.plays.length, s.id).toBeLessThanOrEqual(4);
      expect(s.name.length, s.id).toBeGreaterThan(0);
      expect(s.emoji.length, s.id).toBeGreaterThan(0);
      expect(s.keywords.length, s.id).toBeGreaterThan(0);
    }
  });

  test('the real content routes typical requests as a rep would expect', () => {
    const cases: Array<[string, string]> = [
      ['budget', 'budget-pushback'],
      ['The prospect says we are too expensive', 'budget-pushback'],
      ['When should I bring up pricing?', 'early-pricing-conversation'],
      ['My only contact went dark', 're-qualifying'],
      ['How do I get to the decision maker?', 'access-to-decision-maker'],
      ['Is my champion real?', 'testing-the-champion'],
      ['They have late stage concerns about the contract', 'addressing-concerns-late-stage'],
      ['I need more stakeholders involved', 'multi-threading'],
      ['What questions uncover business impact?', 'business-impact-discovery'],
      ['They have a problem with their listings', 'business-impact-discovery'],
      ['Hi there', 're-qualifying'],
      // The status-quo objection: "we already use [system]" gets the INTEGRATE plays of addressing concerns,
      // "we already have a vendor" the cost-of-the-status-quo discovery play.
      ["The prospect says they already use Yardi and don't need another tool", 'addressing-concerns-late-stage'],
      ['we already have a website vendor', 'business-impact-discovery'],
      ['Does it work with our CRM?', 'addressing-concerns-late-stage'],
      ['The prospect runs MRI, which we do not integrate with', 'addressing-concerns-late-stage'],
    ];
    for (const [request, id] of cases) expect(matchSituation(request, situations)?.situationId, request).toBe(id);
  });

  test('the two status-quo requests land on their situations by keywords, not by a fallback', () => {
    expect(matchSituation("The prospect says they already use Yardi and don't need another tool", situations)).toMatchObject({
      situationId: 'addressing-concerns-late-stage',
      reason: 'keywords',
      matchedKeywords: ['already use', "don't need", 'another tool', 'yardi'],
    });
    expect(matchSituation('we already have a website vendor', situations)).toMatchObject({
      situationId: 'business-impact-discovery',
      reason: 'keywords',
      matchedKeywords: ['already have', 'vendor', 'website vendor'],
    });
  });

  test('plays are talk tracks with [placeholders], naming no integration we do not have', () => {
    const all = situations.flatMap((s) => s.plays.map((p) => [s.id, `${p.play} ${p.followUp ?? ''}`] as const));
    expect(all.filter(([, text]) => /\[[^\]]+\]/.test(text)).length).toBeGreaterThanOrEqual(all.length / 2);
    for (const [id, text] of all) expect(text, id).not.toMatch(/solutions engineer|keeps? .{0,40}documents? (current|up to date)/i);
  });

  test('no situation uses a fallback term as a keyword (it would hide the fallback)', () => {
    for (const s of situations) for (const k of s.keywords) expect(normalise(k), `${s.id}: ${k}`).not.toMatch(/help|solve|problem/);
  });

  test('a bad entry fails the schema, naming the field', () => {
    const good = situations[0];
    if (!good) throw new Error('no content');
    const cases: Array<[unknown, string]> = [
      [{ ...good, plays: [] }, 'plays'],
      [{ ...good, plays: Array.from({ length: 5 }, () => good.plays[0]) }, 'plays'],
      [{ ...good, name: undefined }, 'name'],
      [{ ...good, id: 'Not A Slug' }, 'id'],
      [{ ...good, keywords: [] }, 'keywords'],
      [{ ...good, plays: [{ play: 'Say this.' }] }, 'plays.0.tip'],
      [
        { ...good, plays: [{ play: 'Say this.', tip: 'Why.', links: [{ label: 'x', href: 'https://example.com' }] }] },
        'plays.0.links.0.href',
      ],
      [{ ...good, plays: [{ play: 'Say this.', tip: 'Why.', tipp: 'typo' }] }, 'tipp'],
    ];
    for (const [entry, field] of cases) {
      const result = salesSituationSchema.safeParse(entry);
      expect(result.success, field).toBe(false);
      const paths = result.error?.issues.map((issue) => [...issue.path, ...('keys' in issue ? issue.keys : [])].join('.')) ?? [];
      expect(paths.join(' | '), field).toContain(field);
    }
  });

  test('a duplicate id in the list fails', () => {
    const first = situations[0];
    expect(salesSituationListSchema.safeParse([first, first]).success).toBe(false);
  });
});
