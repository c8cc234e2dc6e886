// The persona and segment the hub guesses for a meeting, and why: the rep's correction for the company, an
// attendee's job title carried in the calendar name, the meeting's title through the search; the situation
// the title suggests.
import { describe, expect, it } from 'vitest';
import { companyDomainOf, guessMeeting, roleInName, situationOf, type GuessContext } from '~/server/calendar/meeting-guess';

const personas = [
  { id: 1, title: 'Vice President of Marketing', buyerSegmentId: 9 },
  { id: 2, title: 'Marketing Manager', buyerSegmentId: 9 },
  { id: 3, title: 'Director of Marketing & Research', buyerSegmentId: 10 },
  { id: 7, title: 'Director of Property Management', buyerSegmentId: 11 },
  { id: 9, title: 'Director of Operations', buyerSegmentId: 11 },
];
const searched: string[] = [];
const context = (over: Partial<GuessContext> = {}): GuessContext => ({
  personas,
  findPersonas: (text) => {
    searched.push(text);
    return ({ pricing: [3, 2], review: [2], 'property tour': [7] } as Record<string, number[]>)[text.toLowerCase()] ?? [];
  },
  companyDomains: ['parcelwise.example'],
  corrections: {},
  ...over,
});
const meeting = (title: string, ...names: string[]) => ({
  title,
  attendees: [{ name: 'Mia Klein', domain: 'parcelwise.example' }, ...names.map((name) => ({ name, domain: 'umbrella.com' }))],
});

describe('roleInName', () => {
  it.each([
    ['Dana Ruiz (VP Marketing)', { name: 'Dana Ruiz', role: 'VP Marketing' }],
    ['Dana Ruiz, Director of Operations', { name: 'Dana Ruiz', role: 'Director of Operations' }],
    ['Dana Ruiz – Marketing Manager', { name: 'Dana Ruiz', role: 'Marketing Manager' }],
    ['Dana Ruiz | Ops', { name: 'Dana Ruiz', role: 'Ops' }],
    ['Dana Ruiz - CMO', { name: 'Dana Ruiz', role: 'CMO' }],
  ])('reads the title in %s', (name, expected) => expect(roleInName(name)).toEqual(expected));

  it.each(['Dana Ruiz', 'procurement', 'Anne-Marie Roy'])('finds none in %s', (name) => expect(roleInName(name)).toBeNull());
});

describe('guessMeeting', () => {
  it('takes an attendee’s title over the meeting’s title, abbreviations read out', () => {
    expect(guessMeeting(meeting('Umbrella pricing review', 'Jo Park', 'Dana Ruiz (VP Marketing)'), context())).toEqual({
      persona: '1',
      segment: '9',
      reason: 'From Dana Ruiz’s title: “VP Marketing” matches Vice President of Marketing.',
    });
    expect(guessMeeting(meeting('Intro', 'Sam Lee, Dir. of Ops'), context())).toMatchObject({
      persona: '9',
      reason: 'From Sam Lee’s title: “Dir. of Ops” matches Director of Operations.',
    });
  });

  it('does not match on a rank alone', () => {
    // "Director" is shared with three personas but says nothing of the job: the title decides.
    expect(guessMeeting(meeting('Umbrella pricing', 'Dana Ruiz (Director of Finance)'), context())).toEqual({
      persona: '3',
      segment: '10',
      reason: 'From the title: “Umbrella pricing” matches Director of Marketing & Research.',
    });
  });

  it('searches the whole title first, then each word of four letters or more that is not filler', () => {
    searched.length = 0;
    expect(guessMeeting(meeting('Property tour', 'Jo Park'), context())).toMatchObject({ persona: '7', segment: '11' });
    expect(searched).toEqual(['Property tour']);
    searched.length = 0;
    guessMeeting(meeting('Weekly sync on pricing', 'Jo Park'), context());
    expect(searched).toEqual(['Weekly sync on pricing', 'pricing']);
  });

  it('scores each word’s personas by their place: the most and best placed wins', () => {
    // pricing → 3 (1) and 2 (½); review → 2 (1): 2 scores 1½.
    expect(guessMeeting(meeting('Pricing and review', 'Jo Park'), context())).toMatchObject({ persona: '2', segment: '9' });
  });

  it('ignores personas the search finds that are not known', () => {
    expect(guessMeeting(meeting('Pricing', 'Jo'), context({ findPersonas: () => [42, 9] }))).toMatchObject({ persona: '9' });
  });

  it('guesses nothing when nothing fits', () => {
    expect(guessMeeting(meeting('Catch up', 'Jo Park'), context())).toEqual({ persona: null, segment: null, reason: null });
  });

  it('uses the rep’s correction for the company before anything else', () => {
    const corrections = { 'umbrella.com': { persona: '7', segment: '8' } };
    expect(guessMeeting(meeting('Umbrella pricing review', 'Dana Ruiz (VP Marketing)'), context({ corrections }))).toEqual({
      persona: '7',
      segment: '8',
      reason: 'You chose this for umbrella.com.',
    });
    // Another company's meeting is guessed as before.
    expect(guessMeeting({ title: 'Pricing', attendees: [{ name: 'Jo', domain: 'globex.de' }] }, context({ corrections }))).toMatchObject({
      persona: '3',
    });
  });
});

describe('companyDomainOf', () => {
  it('is the first attendee’s domain outside the company (subdomains are the company)', () => {
    const attendees = [
      { name: 'Mia', domain: 'eu.parcelwise.example' },
      { name: 'Jo', domain: 'globex.de' },
    ];
    expect(companyDomainOf({ title: '', attendees }, ['parcelwise.example'])).toBe('globex.de');
    expect(companyDomainOf({ title: '', attendees: attendees.slice(0, 1) }, ['parcelwise.example'])).toBeNull();
  });
});

describe('situationOf', () => {
  it.each([
    ['Hooli renewal', 'renewal'],
    ['Umbrella pricing review', 'pricing'],
    ['Fabrikam proposal', 'pricing'],
    ['Initech demo', 'demo'],
    ['Globex discovery call', 'first-call'],
    ['Merlion Logistics intro', 'first-call'],
    ['Acme weekly sync', 'first-call'],
  ])('%s → %s', (title, situation) => expect(situationOf(title)).toBe(situation));
});
