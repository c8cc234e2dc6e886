// The rubric matcher on real scenarios (content/practice) and answers a rep could type: the model answer, a weak one, an
// off-topic one, typos, casing and punctuation, stems, word order, the gap between words, contractions and numbers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { PracticeFeedback } from '~/shared/api/practice';
import { matchRubric } from './rubric-match';

interface Scenario {
  modelAnswer: string;
  rubric: Array<{ id: string; required: boolean; phrases?: string[] }>;
}
const scenario = (file: string) => parse(readFileSync(`content/practice/${file}.yaml`, 'utf8')) as Scenario;

const coldCall = scenario('01-cold-call-opener-marketing-manager');
const tooExpensive = scenario('15-too-expensive-website-vendor');
const decisionMaker = scenario('14-access-to-decision-maker-managing-director');

const found = (lines: PracticeFeedback[]) => lines.filter((line) => line.found).map((line) => line.itemId);
const evidence = (lines: PracticeFeedback[]) => Object.fromEntries(lines.map((line) => [line.itemId, line.evidence]));
const missingRequired = (lines: PracticeFeedback[], { rubric }: Scenario) =>
  rubric.filter((item) => item.required && item.phrases && !lines.find((line) => line.itemId === item.id)!.found).map((item) => item.id);
/** The evidence of one item of the cold-call scenario for this answer. */
const coldCallEvidence = (answer: string, itemId: string) => evidence(matchRubric(answer, coldCall.rubric))[itemId];

describe('matchRubric on model answers', () => {
  it('finds every item of the cold-call model answer, with its words exactly as written, in rubric order', () => {
    const lines = matchRubric(coldCall.modelAnswer, coldCall.rubric);
    expect(lines.map((line) => line.itemId)).toEqual(coldCall.rubric.map((item) => item.id));
    expect(missingRequired(lines, coldCall)).toEqual([]);
    expect(evidence(lines)).toEqual({
      'names-self-and-email': ['from Parcelwise', 'I emailed'],
      'respects-his-time': ['two minutes'],
      'asks-one-question': ['how long does', 'from signed', 'signed assignment'],
      'quotes-result-exactly': ['Harborline', 'owner report', 'four hours a week'],
      'asks-for-meeting': ['20 minutes', 'on Thursday', 'your own listings'],
      'lets-him-answer': [],
    });
  });

  it('finds every item of the "too expensive" model answer', () => {
    const lines = matchRubric(tooExpensive.modelAnswer, tooExpensive.rubric);
    expect(missingRequired(lines, tooExpensive)).toEqual([]);
    expect(evidence(lines)).toEqual({
      'acknowledges-without-arguing': ['Thanks for telling', "you're right"],
      'widens-the-comparison': ['vendor alone', 'one piece', 'whole patchwork'],
      'adds-up-current-cost': ['cost you', 'in a year', 'bills for every change'],
      'scope-before-price': ['change the scope', 'first phase', 'starting with'],
      'quotes-result-exactly': ['Harborline', 'four hours'],
      'confirms-next-step': ['Does that', 'seem fair', 'next step'],
    });
  });

  it('shows each piece of evidence as a stretch of the answer itself', () => {
    for (const { modelAnswer, rubric } of [coldCall, tooExpensive, decisionMaker]) {
      for (const line of matchRubric(modelAnswer, rubric)) {
        expect(line.evidence.length).toBeLessThanOrEqual(3);
        for (const words of line.evidence) expect(modelAnswer).toContain(words);
      }
    }
  });
});

describe('matchRubric on answers reps type', () => {
  it('finds what a weak answer does and misses the required items it skips', () => {
    const weak =
      "Hi Nathan, this is Sam from Parcelwise. I know you're busy, so I'll be quick. We help leasing firms with marketing. Can I send you a brochure?";
    const lines = matchRubric(weak, coldCall.rubric);
    expect(found(lines)).toEqual(['names-self-and-email', 'respects-his-time']);
    expect(missingRequired(lines, coldCall)).toEqual(['asks-one-question', 'asks-for-meeting']);
    expect(evidence(lines)['respects-his-time']).toEqual(["I'll be quick"]);
  });

  it('finds nothing in an off-topic answer', () => {
    const offTopic = 'The weather in Lisbon was lovely in spring; we walked along the river and ate grilled sardines.';
    for (const { rubric } of [coldCall, tooExpensive]) {
      expect(matchRubric(offTopic, rubric).every((line) => !line.found && line.evidence.length === 0)).toBe(true);
    }
  });

  it('tolerates one typo in a word of five letters or more, and shows the word as typed', () => {
    const typed = 'Nathan, I emialed you on Monday. Harborlin Commercial saves time. Would twenty minuets on Thursday work?';
    const lines = evidence(matchRubric(typed, coldCall.rubric));
    expect(lines['names-self-and-email']).toEqual(['I emialed']);
    expect(lines['quotes-result-exactly']).toEqual(['Harborlin']);
    expect(lines['asks-for-meeting']).toEqual(['twenty minuets', 'on Thursday']);
    expect(evidence(matchRubric('The whole patchwrok. We could start with your priorty listings.', tooExpensive.rubric))).toMatchObject({
      'widens-the-comparison': ['whole patchwrok'],
      'scope-before-price': ['start with', 'priorty listings'],
    });
    // A typo in an inflected word matches on the stems ("reciev", "receiv").
    expect(evidence(matchRubric('We recieved it.', [{ id: 'receives', phrases: ['receive'] }]))).toEqual({ receives: ['recieved'] });
  });

  it('does not fuzz short words, nor words two edits apart', () => {
    expect(coldCallEvidence('Sam form Parcelwise here.', 'names-self-and-email')).toEqual([]); // "from" has 4 letters
    expect(coldCallEvidence('Just tow minutes.', 'respects-his-time')).toEqual([]);
    expect(coldCallEvidence('Harbourlyne saves time.', 'quotes-result-exactly')).toEqual([]);
  });

  it('ignores case and punctuation, and shows the words as written', () => {
    const shouted = 'FROM PARCELWISE!!! How. Long. Does it take?';
    const lines = evidence(matchRubric(shouted, coldCall.rubric));
    expect(lines['names-self-and-email']).toEqual(['FROM PARCELWISE']);
    expect(lines['asks-one-question']).toEqual(['How. Long. Does']);
  });

  it('matches on word stems', () => {
    expect(evidence(matchRubric('I was asking about it, then asked again.', [{ id: 'asks', phrases: ['ask'] }]))).toEqual({
      asks: ['asking', 'asked'],
    });
    expect(coldCallEvidence('How long from signing the assignment to live?', 'asks-one-question')).toEqual([
      'from signing',
      'signing the assignment',
    ]);
  });

  it('needs the words of a phrase in order', () => {
    expect(coldCallEvidence('Does it take long? How?', 'asks-one-question')).toEqual([]);
    expect(coldCallEvidence('Parcelwise, from Boston.', 'names-self-and-email')).toEqual([]);
  });

  it('allows at most two extra words between two words of a phrase, punctuation not counted', () => {
    expect(coldCallEvidence('How long, roughly speaking, does it take?', 'asks-one-question')).toEqual([
      'How long, roughly speaking, does',
    ]);
    expect(coldCallEvidence('How long, roughly, honestly speaking, does it take?', 'asks-one-question')).toEqual([]);
  });

  it('keeps a stop-word of a phrase as a word that must match', () => {
    expect(coldCallEvidence('How long is it, today?', 'asks-one-question')).toEqual([]);
  });

  it('reads contractions both ways', () => {
    expect(coldCallEvidence('I will be quick.', 'respects-his-time')).toEqual(['I will be quick']);
    expect(coldCallEvidence('I’ll be quick.', 'respects-his-time')).toEqual(['I’ll be quick']);
    const asksFirst = (answer: string) => evidence(matchRubric(answer, decisionMaker.rubric))['asks-what-he-will-ask'];
    expect(asksFirst('So, what he will ask is the total?')).toEqual(['what he will ask']);
    expect(asksFirst("What'll he ask, do you think?")).toEqual(["What'll he ask"]);
  });

  it('matches a number as written: digits and words each match their own phrase', () => {
    expect(coldCallEvidence('Would 20 minutes work?', 'asks-for-meeting')).toEqual(['20 minutes']);
    expect(coldCallEvidence('Would twenty minutes work?', 'asks-for-meeting')).toEqual(['twenty minutes']);
    expect(coldCallEvidence('Would 40 minutes or thirty minutes work?', 'asks-for-meeting')).toEqual([]);
  });

  it('shows at most three pieces of evidence, in the answer’s order, each once', () => {
    const answer = 'Two minutes, two minutes. Next week? This week, 20 minutes, on Thursday.';
    expect(coldCallEvidence(answer, 'respects-his-time')).toEqual(['Two minutes']);
    expect(coldCallEvidence(answer, 'asks-for-meeting')).toEqual(['Next week', 'This week', '20 minutes']);
    // A phrase inside a longer one found in the same words adds nothing.
    expect(evidence(matchRubric('the whole patchwork', tooExpensive.rubric))['widens-the-comparison']).toEqual(['whole patchwork']);
  });

  it('answers an empty or blank answer with every item not found', () => {
    for (const answer of ['', '  \n\t ']) {
      expect(matchRubric(answer, coldCall.rubric)).toEqual(
        coldCall.rubric.map((item) => ({ itemId: item.id, found: false, evidence: [] })),
      );
    }
  });

  it('returns items without phrases, never found: a person judges them', () => {
    const lines = matchRubric(coldCall.modelAnswer, coldCall.rubric);
    expect(lines.find((line) => line.itemId === 'lets-him-answer')).toEqual({ itemId: 'lets-him-answer', found: false, evidence: [] });
    expect(matchRubric('anything', [{ id: 'judged' }, { id: 'also-judged', phrases: [] }])).toEqual([
      { itemId: 'judged', found: false, evidence: [] },
      { itemId: 'also-judged', found: false, evidence: [] },
    ]);
  });

  it('gives the same lines for the same rubric again (phrases compiled once)', () => {
    expect(matchRubric(coldCall.modelAnswer, coldCall.rubric)).toEqual(matchRubric(coldCall.modelAnswer, coldCall.rubric));
  });
});

describe('one typo', () => {
  const matches = (typed: string, phrase: string) => matchRubric(typed, [{ id: 'item', phrases: [phrase] }])[0]!.found;

  it('allows one letter inserted, dropped or changed, or two neighbours swapped', () => {
    expect(matches('recieve', 'receive')).toBe(true);
    expect(matches('minuets', 'minutes')).toBe(true);
    expect(matches('patchworks', 'patchwork')).toBe(true);
    expect(matches('patchwrk', 'patchwork')).toBe(true);
    expect(matches('patchwerk', 'patchwork')).toBe(true);
    expect(matches('patchwrok', 'patchwork')).toBe(true);
  });

  it('refuses two edits, and any typo in a word under five letters or in a number', () => {
    expect(matches('ptachwrok', 'patchwork')).toBe(false);
    expect(matches('patchwrkk', 'patchwork')).toBe(false);
    expect(matches('recievd', 'receive')).toBe(false);
    expect(matches('cots', 'cost')).toBe(false);
    expect(matches('10:35', '10:30')).toBe(false);
    expect(matches('12345', '12346')).toBe(false);
  });
});
