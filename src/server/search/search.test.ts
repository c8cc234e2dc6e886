// The search index on fixtures: the four named groups in their shapes, the ranking rules
// (exact name or abbreviation first, then the lessons that teach it; whole words in names before
// prefixes and typos; typos only in words of five letters or more; synonyms), one hit per item at its
// best place, the limits, and bad input searched as text.
import { describe, expect, it } from 'vitest';
import type { SearchDocuments } from '~/server/content/search-documents';
import type { SearchPlace } from '~/server/content/search-documents/place';
import { createSearchIndex } from './search';

const place = (group: SearchPlace['group'], item: string, title: string, text: string, extra: Partial<SearchPlace> = {}): SearchPlace => ({
  group,
  item,
  title,
  context: `${group} context`,
  names: [title],
  text,
  href: `/${group}/${item}`,
  ...extra,
});

const fixture: SearchDocuments = {
  places: [
    place('modules', '2', 'Commercial Real Estate Fundamentals', 'Lease types, cap rates and the people in every deal.'),
    place('modules', '6', 'Selling Parcelwise', 'Discovery, objections and pricing conversations.'),
    place('segments', '8', 'Building Owners', 'Owners of office and retail assets who care about occupancy.'),
    place('personas', '1', 'Dana Whitfield', 'Dana leads a twelve-person marketing team.', {
      context: 'Vice President of Marketing',
      keywords: ['Enterprise', 'Decision Maker'],
    }),
    place('personas', '1', 'Dana Whitfield', 'Replace four point solutions with one platform.', {
      context: 'Vice President of Marketing',
      names: [],
      heading: 'Goals & Motivations',
      href: '/personas/1?tab=goals#tab-panel-goals',
    }),
    place('personas', '2', 'Nathan Greer', 'Works with data teams on dashboards and standards.', {
      context: 'Marketing Manager',
      keywords: ['Mid-Market'],
    }),
    place('personas', '3', 'Danielle Ortiz', 'Runs leasing for a suburban portfolio.', { context: 'Leasing Director' }),
    place('quizzes', '3', 'Lease Types and CRE Metrics', 'Gross, net and ground leases, NOI and cap rates.'),
    place('lessons', '203', 'Lease Types Explained', 'A lease decides who pays the operating expenses.', { context: 'Fundamentals' }),
    place(
      'lessons',
      '203',
      'Lease Types Explained',
      'Triple net (NNN): plus property taxes, insurance and maintenance. The most common structure for industrial buildings.',
      { context: 'Fundamentals', names: [], heading: 'Net leases: N, NN and NNN', href: '/modules/2/lessons/203#net-leases-n-nn-and-nnn' },
    ),
    place(
      'lessons',
      '204',
      'Key CRE Metrics',
      'Tenant improvements are money the landlord contributes; cap rate is NOI divided by value.',
      { context: 'Fundamentals' },
    ),
    place('glossary', 'abbr-nnn', 'NNN: Triple net', 'A lease in which the tenant pays base rent plus taxes, insurance and maintenance.', {
      names: ['NNN', 'Triple net'],
      context: 'Abbreviation',
      href: '/industry-knowledge?tab=terms-acronyms#abbr-nnn',
    }),
    place('glossary', 'abbr-ti', 'TI: Tenant improvements', 'Build-out of a space for a tenant.', {
      names: ['TI', 'Tenant improvements'],
      context: 'Abbreviation',
    }),
    place('glossary', 'term-cap-rate', 'Capitalization rate (cap rate)', 'Net operating income divided by the price or value.', {
      names: ['Capitalization rate (cap rate)', 'Capitalization rate', 'cap rate'],
    }),
    place('glossary', 'term-net-lease', 'Net lease', 'Any lease in which the tenant pays some or all property expenses.'),
    place('situations', 'budget-pushback', 'Budget Pushback', 'Help me understand: is the total higher than you planned?', {
      keywords: ['budget', 'too expensive', 'discount'],
    }),
    place('product', 'integration-yardi-voyager', 'Yardi Voyager', 'Imports properties, suites and vacancies from Yardi Voyager.'),
    place('product', 'feature-flyers', 'Flyer Design', 'Brand-safe flyers from every listing; the 100% on-brand promise (and "quotes").'),
    place('company', 'mission', 'Mission', 'Give every commercial real estate team marketing that works.'),
  ],
  synonyms: [
    ['NNN', 'Triple net'],
    ['TI', 'Tenant improvements'],
    ['Capitalization rate (cap rate)', 'Capitalization rate', 'cap rate'],
  ],
};

const index = createSearchIndex(fixture);
const top = (q: string, n = 3) =>
  index
    .results(q)
    .top.slice(0, n)
    .map((hit) => `${hit.group}: ${hit.title}`);
const EMPTY_GROUPS = [
  'modules',
  'segments',
  'personas',
  'quizzes',
  'lessons',
  'glossary',
  'situations',
  'product',
  'resources',
  'company',
  'industry',
  'icp',
];

describe('createSearchIndex: the API answer', () => {
  it('answers every group, empty, for an empty, blank or too-short term', () => {
    for (const q of ['', '   \t\n ', 'a', 'a b', '7']) {
      const answer = index.query(q);
      expect(Object.keys(answer).sort()).toEqual([...EMPTY_GROUPS].sort());
      expect(Object.values(answer).every((group) => group.length === 0)).toBe(true);
    }
  });

  it('keeps the spec shapes of the four spec groups: modules/quizzes {id,title}, segments {id,name}, personas {id,name,title}', () => {
    expect(index.query('Whitfield').personas).toEqual([{ id: 1, name: 'Dana Whitfield', title: 'Vice President of Marketing' }]);
    expect(index.query('owners').segments).toEqual([{ id: 8, name: 'Building Owners' }]);
    expect(index.query('fundamentals').modules).toEqual([{ id: 2, title: 'Commercial Real Estate Fundamentals' }]);
    expect(index.query('metrics').quizzes).toEqual([{ id: 3, title: 'Lease Types and CRE Metrics' }]);
  });

  it('gives the other groups a title, a context, a marked snippet and the deep link of the best place', () => {
    expect(index.query('NNN').lessons).toEqual([
      {
        id: '203',
        title: 'Lease Types Explained',
        context: 'Fundamentals · Net leases: N, NN and NNN',
        // The synonym's words are marked too.
        snippet: [
          '',
          'Triple',
          ' ',
          'net',
          ' (',
          'NNN',
          '): plus property taxes, insurance and maintenance. The most common structure for industrial buildings.',
        ],
        href: '/modules/2/lessons/203#net-leases-n-nn-and-nnn',
      },
    ]);
  });

  it('caps every group at 8, best first', () => {
    const many = createSearchIndex({
      places: Array.from({ length: 12 }, (_, i) =>
        place('glossary', `t${i}`, i === 11 ? 'Negotiation' : `Term ${i}`, 'About negotiation and pricing.', { names: [] }),
      ),
      synonyms: [],
    });
    const answer = many.query('negotiation');
    expect(answer.glossary).toHaveLength(8);
    expect(answer.glossary[0]?.title).toBe('Negotiation');
    expect(many.results('negotiation').groups).toMatchObject([{ group: 'glossary', total: 12 }]);
  });
});

describe('createSearchIndex: ranking', () => {
  it('puts an exact abbreviation or term first, then the lessons that teach it', () => {
    expect(top('NNN', 2)).toEqual(['glossary: NNN: Triple net', 'lessons: Lease Types Explained']);
    expect(top('TI', 1)).toEqual(['glossary: TI: Tenant improvements']);
    expect(top('cap rate', 1)).toEqual(['glossary: Capitalization rate (cap rate)']);
    expect(top('Cap-Rates', 1)).toEqual(['glossary: Capitalization rate (cap rate)']);
  });

  it('uses the glossary synonyms both ways: "triple net" ↔ NNN, "tenant improvement" ↔ TI', () => {
    expect(top('triple net', 1)).toEqual(['glossary: NNN: Triple net']);
    expect(index.results('triple net').groups.find((g) => g.group === 'lessons')?.hits[0]?.href).toBe(
      '/modules/2/lessons/203#net-leases-n-nn-and-nnn',
    );
    expect(top('tenant improvement', 1)).toEqual(['glossary: TI: Tenant improvements']);
    expect(top('TI')).toContain('lessons: Key CRE Metrics');
  });

  it('matches names whole-word before prefixes: "Dana" is Dana Whitfield, then Danielle', () => {
    expect(index.query('Dana').personas.map((p) => p.name)).toEqual(['Dana Whitfield']);
    expect(index.query('Dan').personas.map((p) => p.name)).toEqual(['Dana Whitfield', 'Danielle Ortiz']);
  });

  it('allows typos only in words of five letters or more', () => {
    expect(index.query('leese').lessons.map((l) => l.title)).toEqual(['Lease Types Explained']); // 5 letters: 1 typo
    expect(index.query('leasr').quizzes.map((q) => q.id)).toEqual([3]);
    expect(index.query('dena').personas).toEqual([]); // 4 letters: no typo ("dana")
    expect(index.query('lese').lessons).toEqual([]); // 4 letters: no typo ("lease")
  });

  it('finds a prefix of the word being typed, from three letters, ranking a title before body text', () => {
    expect(index.query('enter').personas.map((p) => p.name)).toEqual(['Dana Whitfield']); // the Enterprise badge
    expect(index.query('fly').product.map((p) => p.title)).toEqual(['Flyer Design']);
    expect(index.query('fl').product).toEqual([]); // two letters: whole words only
  });

  it('searches badges and keywords like titles: "too expensive" finds Budget Pushback', () => {
    expect(top('too expensive', 1)).toEqual(['situations: Budget Pushback']);
    expect(top('budget', 1)).toEqual(['situations: Budget Pushback']);
  });

  it('shows an item once, at its best place', () => {
    const dana = index.results('point solutions').groups.find((g) => g.group === 'personas');
    expect(dana?.total).toBe(1);
    expect(dana?.hits[0]).toMatchObject({
      title: 'Dana Whitfield',
      href: '/personas/1?tab=goals#tab-panel-goals',
      context: 'Vice President of Marketing · Goals & Motivations',
    });
  });

  it('requires every content word: words that never occur together find nothing', () => {
    expect(index.query('lease metrics').quizzes.map((q) => q.id)).toEqual([3]);
    expect(index.query('lease metrics').lessons).toEqual([]);
    expect(index.query('lease zzqqxx').lessons).toEqual([]);
    expect(index.results('zqxjkvw nothing matches this')).toEqual({ tooShort: false, total: 0, top: [], groups: [] });
    // stop words are not content words: they never empty a search
    expect(index.query('the lease').lessons.map((l) => l.id)).toContain('203');
  });

  it('finds nothing for a term nothing contains', () => {
    expect(index.results('xylophone')).toEqual({ tooShort: false, total: 0, top: [], groups: [] });
  });
});

describe('createSearchIndex: the results page answer', () => {
  it('counts every hit, lists the best three overall and the groups in dropdown order', () => {
    const results = index.results('lease');
    expect(results.tooShort).toBe(false);
    expect(results.total).toBe(results.groups.reduce((sum, group) => sum + group.total, 0));
    expect(results.top).toHaveLength(3);
    expect(results.groups.map((group) => group.group)).toEqual(['modules', 'quizzes', 'glossary', 'lessons']);
    expect(results.groups[2]).toMatchObject({ label: 'Glossary', total: 2 });
  });

  it('says a one-letter term is too short instead of answering nothing', () => {
    expect(index.results('x')).toEqual({ tooShort: true, total: 0, top: [], groups: [] });
  });
});

describe('createSearchIndex: bad input is searched as text', () => {
  it.each(['100%', '%', '"quotes"', "it's", '(and', '.*', '[a-z]+', '\\', '💰 budget', '🙂', '<script>', 'NNN?!'])(
    '%s does not throw',
    (q) => {
      expect(() => index.query(q)).not.toThrow();
      expect(() => index.results(q)).not.toThrow();
    },
  );

  it('finds the words among the symbols', () => {
    expect(top('"quotes"', 1)).toEqual(['product: Flyer Design']);
    expect(top('100%', 1)).toEqual(['product: Flyer Design']);
    expect(top('💰 budget', 1)).toEqual(['situations: Budget Pushback']);
    expect(top('NNN?!', 1)).toEqual(['glossary: NNN: Triple net']);
    expect(index.results('.*').total).toBe(0);
  });
});

describe('createSearchIndex: what the search log needs', () => {
  it('counts every result, beyond the 8 a group shows, as the /search page does', () => {
    const many = createSearchIndex({
      places: Array.from({ length: 11 }, (_, i) => place('lessons', String(300 + i), `Negotiation ${i}`, 'Negotiation basics.')),
      synonyms: [],
    });
    const { response, total } = many.answer('negotiation');
    expect(response.lessons).toHaveLength(8);
    expect(total).toBe(11);
    expect(many.results('negotiation').total).toBe(11);
    expect(index.answer('qqzzxxy').total).toBe(0);
    expect(index.answer('a').total).toBe(0);
  });

  it("knows a result's link as the header box and the /search page show it, and nothing else", () => {
    expect(index.isResultLink('NNN', '/industry-knowledge?tab=terms-acronyms#abbr-nnn')).toBe(true);
    expect(index.isResultLink('NNN', '/modules/2/lessons/203#net-leases-n-nn-and-nnn')).toBe(true);
    expect(index.isResultLink('Whitfield', '/personas/1')).toBe(true); // a spec group: /{group}/{id}
    expect(index.isResultLink('Whitfield', '/modules/2')).toBe(false);
    expect(index.isResultLink('qqzzxxy', '/modules/2')).toBe(false);
    expect(index.isResultLink('NNN', '//evil.example/')).toBe(false);
  });

  it('finds the closest place for a term no place has all the words of; none when no word occurs', () => {
    expect(index.answer('yardi pricing').total).toBe(0);
    expect(index.closest('yardi pricing')).toEqual({ title: 'Yardi Voyager', href: '/product/integration-yardi-voyager' });
    expect(index.closest('qqzzxxy')).toBeNull();
    expect(index.closest('a')).toBeNull();
  });
});
