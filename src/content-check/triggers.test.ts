// Triggers and figures as the claim rules read them, on plain sentences.
import { describe, expect, it } from 'vitest';
import { figuresOf } from './case-study-figures';
import { sentencesOf } from './claim-text';
import { compileTrigger, matches } from './triggers';

const matching = (trigger: string, sentence: string) => matches(compileTrigger(trigger)!, sentence);

describe('triggers', () => {
  it('match whole words in one sentence, any ending after a star, a hyphen as a space, case ignored', () => {
    expect(matching('HubSpot + two-way', 'Contacts sync two way with hubspot.')).toBe(true);
    expect(matching('HubSpot + two-way', 'HubSpot is a CRM.')).toBe(false);
    expect(matching('hubspot + two way', 'TWO-WAY sync with HUBSPOT.')).toBe(true);
    expect(matching('sync*', 'Leads are synced nightly.')).toBe(true);
    expect(matching('answer* the phone', 'People who answer the phone.')).toBe(true);
    expect(matching('CSV + import*', 'Export a CSV.')).toBe(false);
    expect(matching('renewal + 5 %', 'The renewal rises at most 5 % a year.')).toBe(true);
  });

  it('match an acronym only in capitals and never inside a word', () => {
    expect(matching('AI + our', 'Our AI writes copy.')).toBe(true);
    expect(matching('AI + our', 'Our ai writes copy.')).toBe(false);
    expect(matching('SSO', 'Single sign-on, not SSOs.')).toBe(false);
  });
});

describe('sentences', () => {
  it('split after a full stop and a space, not after an abbreviation, on one line each', () => {
    expect(sentencesOf('Ask e.g. the CRM admin. Then\n> show the site! Done', () => 1).map((sentence) => sentence.text)).toEqual([
      'Ask e.g. the CRM admin.',
      'Then show the site!',
      'Done',
    ]);
  });
});

describe('figures', () => {
  it('read numbers with their unit, number words, percentages, and leave years and a bare "one" out', () => {
    expect(
      figuresOf('From 212 to 148 days, 34 % more, about nine business days, one team, since 2019, 120,000 sq ft').map((figure) => [
        figure.value,
        figure.unit,
      ]),
    ).toEqual([
      [212, null],
      [148, 'day'],
      [34, '%'],
      [9, 'business day'],
      [120000, null],
    ]);
  });
});
