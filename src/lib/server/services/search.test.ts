import { describe, expect, it } from 'vitest';
import type { SearchDocuments } from '~/lib/content/search-documents';
import { createSearchIndex, normaliseTerm } from './search';

const fixture: SearchDocuments = {
  modules: [
    {
      id: 1,
      title: 'Company Essentials',
      description: 'Mission, values and the team behind the platform.',
      lessonTitles: ['Our Mission', 'Product Demonstration Basics'],
    },
    {
      id: 2,
      title: 'Lease Types Explained',
      description: 'Gross, net and ground leases in plain words.',
      lessonTitles: ['Triple Net Leases', 'Cap Rates'],
    },
    {
      id: 3,
      title: 'Selling to Brokers',
      description: 'How brokers win assignments, and how a lease pitch helps them.',
      lessonTitles: ['Discovery Calls'],
    },
  ],
  segments: [
    {
      id: 8,
      name: 'Building Owners',
      description: 'Owners of office and retail assets who care about occupancy.',
      talkingPoints: ['Fill vacant suites faster with property websites'],
    },
    {
      id: 9,
      name: 'Leasing Brokers',
      description: 'Agency and tenant-rep teams who earn commissions.',
      talkingPoints: ['Win more listing assignments'],
    },
  ],
  personas: [
    {
      id: 1,
      name: 'Dana Whitfield',
      title: 'Vice President of Marketing',
      background: 'Leads a twelve-person team at a full-service brokerage.',
      goals: ['One brand standard across every office'],
    },
    {
      id: 2,
      name: 'Marcus Bell',
      title: 'Leasing Director',
      background: 'Runs agency leasing for an office portfolio.',
      goals: ['Shorter time on market for vacant space'],
    },
  ],
  quizzes: [
    {
      id: 3,
      title: 'Lease Types and CRE Metrics',
      description: 'Gross, net and ground leases, NOI and cap rates.',
      questionTexts: ['In a double net lease, the tenant pays base rent plus which expenses?'],
    },
    {
      id: 7,
      title: 'Core Features',
      description: 'The six features of the platform.',
      questionTexts: ['Which feature builds a single-property website?'],
    },
  ],
};

const index = createSearchIndex(fixture);

describe('createSearchIndex', () => {
  it('answers four empty groups for an empty or whitespace-only query', () => {
    const empty = { modules: [], segments: [], personas: [], quizzes: [] };
    expect(index.query('')).toEqual(empty);
    expect(index.query('   \t\n ')).toEqual(empty);
  });

  it('answers the spec shape per group: modules/quizzes {id,title}, segments {id,name}, personas {id,name,title}', () => {
    expect(index.query('dana').personas).toEqual([{ id: 1, name: 'Dana Whitfield', title: 'Vice President of Marketing' }]);
    expect(index.query('owners').segments).toEqual([{ id: 8, name: 'Building Owners' }]);
    expect(index.query('essentials').modules).toEqual([{ id: 1, title: 'Company Essentials' }]);
    expect(index.query('features').quizzes).toEqual([{ id: 7, title: 'Core Features' }]);
  });

  it('matches prefixes: "demo" finds the module with a "Demonstration" lesson', () => {
    expect(index.query('demo').modules).toEqual([{ id: 1, title: 'Company Essentials' }]);
    expect(index.query('whit').personas.map((p) => p.id)).toEqual([1]);
  });

  it('tolerates a typo: "leese" finds lease titles in modules and quizzes', () => {
    const result = index.query('leese');
    expect(result.modules.map((m) => m.id)).toContain(2);
    expect(result.quizzes.map((q) => q.id)).toEqual([3]);
  });

  it('ranks a title or name hit above the same word in body text', () => {
    // Item 2 has the word in its title only; item 1 has it in a short body only, and comes first.
    const boosted = createSearchIndex({
      modules: [
        { id: 1, title: 'Prospecting Basics', description: 'Qualification.', lessonTitles: [] },
        {
          id: 2,
          title: 'Qualification Frameworks for Commercial Real Estate Teams',
          description: 'How to run discovery calls with brokers and owners.',
          lessonTitles: [],
        },
      ],
      segments: [],
      personas: [
        { id: 1, name: 'Ann Lee', title: 'Director of Operations', background: 'Works closely with marketing.', goals: [] },
        {
          id: 2,
          name: 'Bo Kim',
          title: 'Marketing Manager',
          background: 'Runs campaigns for a regional brokerage with many listings.',
          goals: [],
        },
      ],
      quizzes: [],
    });
    expect(boosted.query('qualification').modules.map((m) => m.id)).toEqual([2, 1]);
    expect(boosted.query('marketing').personas.map((p) => p.id)).toEqual([2, 1]);
    expect(index.query('lease').modules.map((m) => m.id)).toEqual([2, 3]);
  });

  it('searches body text: descriptions, lesson titles, talking points, goals and question texts', () => {
    expect(index.query('discovery calls').modules.map((m) => m.id)).toEqual([3]);
    expect(index.query('vacant suites').segments.map((s) => s.id)).toEqual([8]);
    expect(index.query('brand standard').personas.map((p) => p.id)).toEqual([1]);
    expect(index.query('base rent expenses').quizzes.map((q) => q.id)).toEqual([3]);
  });

  it('requires every word when that finds something, else falls back to any word', () => {
    expect(index.query('lease metrics').quizzes.map((q) => q.id)).toEqual([3]);
    expect(index.query('lease metrics').modules).toEqual([]);
    expect(index.query('lease zzqqxx').modules.map((m) => m.id)).toEqual([2, 3]);
  });

  it('finds nothing for a term no item contains', () => {
    expect(index.query('xylophone')).toEqual({ modules: [], segments: [], personas: [], quizzes: [] });
  });

  it('caps every group at 8 results, best first', () => {
    const many: SearchDocuments = {
      modules: Array.from({ length: 12 }, (_, i) => ({
        id: i + 1,
        title: i === 11 ? 'Negotiation' : `Module ${i + 1}`,
        description: 'About negotiation and pricing.',
        lessonTitles: [],
      })),
      segments: [],
      personas: [],
      quizzes: Array.from({ length: 10 }, (_, i) => ({
        id: i + 1,
        title: `Negotiation quiz ${i + 1}`,
        description: 'x',
        questionTexts: [],
      })),
    };
    const result = createSearchIndex(many).query('negotiation');
    expect(result.modules).toHaveLength(8);
    expect(result.modules[0]).toEqual({ id: 12, title: 'Negotiation' });
    expect(result.quizzes).toHaveLength(8);
  });

  it('never indexes quiz options or explanations (only question texts are given to it)', () => {
    // The documents type has no options/explanations; a quiz is found by its question text only.
    expect(index.query('single-property website').quizzes.map((q) => q.id)).toEqual([7]);
    expect(index.query('taxes insurance').quizzes).toEqual([]);
  });

  it('ignores case, accents and stop words', () => {
    expect(normaliseTerm('Café')).toBe('cafe');
    expect(normaliseTerm('the')).toBeNull();
    expect(index.query('THE LEASE').modules.map((m) => m.id)).toEqual([2, 3]);
  });

  it('skips a duplicate id in a group instead of failing', () => {
    const dupes = createSearchIndex({
      ...fixture,
      segments: [...fixture.segments, { id: 8, name: 'Other', description: 'x', talkingPoints: [] }],
    });
    expect(dupes.query('owners').segments).toEqual([{ id: 8, name: 'Building Owners' }]);
    expect(dupes.size).toBe(index.size);
  });
});
