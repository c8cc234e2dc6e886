// Buyers content: the zod schemas reject bad entries naming the field, every authored file under
// content/segments, content/personas and content/icp is valid, and the queries of src/server/content/
// return what docs/product.md requires (segment ids and names, the Next Segment cycle, personas with
// valid enums, ICP tiers, seven sales red flags, disqualification criteria and product-fit flags).
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { getIcp, getNextSegmentId, getPersona, getPersonas, getSegment, getSegments } from '~/server/content/buyers';
import { contentFile } from '../support/content-fixture';
import { CONTENT, expectRejectsNaming, readYaml as readYamlValue, ROOT, yamlFiles } from './schema-helpers';
import { PERSONA_ROLES, PERSONA_SEGMENTS } from '~/shared/vocabulary';
import { CHAMPION_AGE, DECISION_MAKER_AGE, icpSchema, personaSchema, segmentSchema } from '~/schemas/buyers';

const readYaml = (path: string) => readYamlValue(path) as Record<string, unknown>;

/** Parses with the schema; on failure throws naming the file and every failing field. */
function parseFile<S extends z.ZodType>(schema: S, path: string): z.infer<S> {
  const result = schema.safeParse(readYaml(path));
  if (!result.success) throw new Error(`${relative(ROOT, path)}:\n${z.prettifyError(result.error)}`);
  return result.data;
}

const segmentFile = join(ROOT, contentFile('segments', 8));
const personaFile = join(ROOT, contentFile('personas', 1));
const icpFile = join(ROOT, contentFile('icp', 'ideal-customer-profile'));

describe('schemas reject a bad entry naming the field', () => {
  it('segment: wrong icon, wrong colour, misspelt field, wrong persona age, http example', () => {
    const good = readYaml(segmentFile);
    expect(segmentSchema.safeParse(good).success).toBe(true);
    expectRejectsNaming(segmentSchema, { ...good, icon: 'Castle' }, 'icon');
    expectRejectsNaming(segmentSchema, { ...good, color: 'purple' }, 'color');
    expectRejectsNaming(segmentSchema, { ...good, talkingPoint: ['typo'] }, 'talkingPoint');
    expectRejectsNaming(segmentSchema, { ...good, careAbout: [] }, 'careAbout');
    expectRejectsNaming(segmentSchema, { ...good, examples: [{ name: 'Insecure', url: 'http://example.com' }] }, 'url');
    const personas = good['buyerPersonas'] as { champion: Record<string, unknown>; decisionMaker: Record<string, unknown> };
    expectRejectsNaming(
      segmentSchema,
      { ...good, buyerPersonas: { ...personas, champion: { ...personas.champion, age: '25-35' } } },
      'age',
    );
  });

  it('segment: icon and colour default to Users and indigo', () => {
    const rest = readYaml(segmentFile);
    delete rest['icon'];
    delete rest['color'];
    const parsed = segmentSchema.parse(rest);
    expect(parsed.icon).toBe('Users');
    expect(parsed.color).toBe('indigo');
  });

  it('persona: bad segment, bad role, non-integer id, misspelt preference', () => {
    const good = readYaml(personaFile);
    expect(personaSchema.safeParse(good).success).toBe(true);
    expectRejectsNaming(personaSchema, { ...good, segment: 'Medium' }, 'segment');
    expectRejectsNaming(personaSchema, { ...good, role: 'buyer' }, 'role');
    expectRejectsNaming(personaSchema, { ...good, id: 1.5 }, 'id');
    expectRejectsNaming(personaSchema, { ...good, preferences: { decisionFactors: 'x', careabout: [] } }, 'careabout');
    expectRejectsNaming(personaSchema, { ...good, avatar: 'javascript:alert(1)' }, 'avatar');
    const callPrep = good['callPrep'] as { talkingPoints: string[]; objections: Record<string, unknown>[] };
    expectRejectsNaming(
      personaSchema,
      { ...good, callPrep: { ...callPrep, talkingPoints: callPrep.talkingPoints.slice(0, 2) } },
      'talkingPoints',
    );
    expectRejectsNaming(personaSchema, { ...good, callPrep: { ...callPrep, objections: callPrep.objections.slice(0, 1) } }, 'objections');
    expectRejectsNaming(
      personaSchema,
      { ...good, callPrep: { ...callPrep, objections: [{ ...callPrep.objections[0], response: ' ' }, ...callPrep.objections.slice(1)] } },
      'response',
    );
    const { callPrep: _omitted, ...withoutCallPrep } = good;
    expectRejectsNaming(personaSchema, withoutCallPrep, 'callPrep');
  });

  it('icp: a missing sales red flag, a fourth tier, an unknown field', () => {
    const good = readYaml(icpFile);
    expect(icpSchema.safeParse(good).success).toBe(true);
    expectRejectsNaming(icpSchema, { ...good, salesRedFlags: (good['salesRedFlags'] as unknown[]).slice(0, 6) }, 'salesRedFlags');
    const tiers = good['tiers'] as unknown[];
    expectRejectsNaming(icpSchema, { ...good, tiers: [...tiers, tiers[0]] }, 'tiers');
    expectRejectsNaming(icpSchema, { ...good, redFlags: [] }, 'redFlags');
  });
});

describe('authored files', () => {
  it('every segment, persona and ICP file is valid', () => {
    for (const path of yamlFiles('segments')) parseFile(segmentSchema, path);
    for (const path of yamlFiles('personas')) parseFile(personaSchema, path);
    for (const path of yamlFiles('icp')) parseFile(icpSchema, path);
  });

  it('example sites are fictional (reserved .example domains)', () => {
    for (const path of yamlFiles('segments')) {
      for (const example of parseFile(segmentSchema, path).examples) expect(new URL(example.url).hostname).toMatch(/\.example$/);
    }
  });

  // Personas are PROSPECTS; segment examples are CUSTOMERS (the Live Customer Examples matrix).
  const customerSites = Object.values(
    readYamlValue(join(CONTENT, 'resources', 'customer-examples.yaml')) as Record<string, { examples: { name: string; url: string }[] }>,
  ).flatMap((row) => row.examples);
  const personaFiles = yamlFiles('personas').map((path) => parseFile(personaSchema, path));

  it('segment examples are customer sites of the customer-examples matrix, never a persona company', () => {
    const customerUrls = new Set(customerSites.map((site) => site.url.replace(/\/$/, '')));
    const host = (url: string) => new URL(url).hostname.replace(/^www\./, '');
    const personaCompanies = personaFiles.map((persona) => persona.company.toLowerCase());
    for (const path of yamlFiles('segments')) {
      for (const example of parseFile(segmentSchema, path).examples) {
        expect(customerUrls.has(example.url.replace(/\/$/, '')), `${example.name}: ${example.url} is not a customer site`).toBe(true);
        for (const company of personaCompanies)
          expect(example.name.toLowerCase(), `${example.name} names a prospect`).not.toContain(company);
        expect(customerSites.some((site) => host(site.url) === host(example.url))).toBe(true);
      }
    }
  });

  it('no person or company name is used twice across team, personas, persona companies, customers and competitors', () => {
    const team = (readYamlValue(join(CONTENT, 'company', 'team.yaml')) as { name: string }[]).map((member) => member.name);
    const competitors = (readYamlValue(join(CONTENT, 'industry', 'competitors.yaml')) as { name: string }[]).map((c) => c.name);
    const names = [
      ...team,
      ...personaFiles.map((persona) => persona.name),
      ...personaFiles.map((persona) => persona.company),
      ...customerSites.map((site) => site.name),
      ...competitors,
    ].map((name) => name.trim().toLowerCase());
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});

describe('segments', () => {
  it('are ids 8-11 with the four names, in order, each listed once', async () => {
    const segments = await getSegments();
    expect(segments.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 8, name: 'Building Owners' },
      { id: 9, name: 'Leasing Brokers' },
      { id: 10, name: 'Investment Sales Brokers' },
      { id: 11, name: 'Property Managers' },
    ]);
    expect(segments.map((segment) => segment.icon)).toEqual(['Building', 'Briefcase', 'Users', 'User']);
    expect(segments.map((segment) => segment.color)).toEqual(['indigo', 'sky', 'emerald', 'amber']);
  });

  it('carry the Champion (30-45) and Decision Maker (45-65) texts', async () => {
    for (const segment of await getSegments()) {
      expect(segment.buyerPersonas.champion.age).toBe(CHAMPION_AGE);
      expect(segment.buyerPersonas.decisionMaker.age).toBe(DECISION_MAKER_AGE);
      expect(segment.careAbout.length).toBeGreaterThan(0);
      expect(segment.talkingPoints.length).toBeGreaterThan(0);
      expect(segment.examples.length).toBeGreaterThan(0);
    }
    expect(CHAMPION_AGE).toBe('30-45');
    expect(DECISION_MAKER_AGE).toBe('45-65');
  });

  it('Next Segment cycles 8 → 9 → 10 → 11 → 8; unknown ids have none', async () => {
    expect(await getNextSegmentId(8)).toBe(9);
    expect(await getNextSegmentId(9)).toBe(10);
    expect(await getNextSegmentId(10)).toBe(11);
    expect(await getNextSegmentId(11)).toBe(8);
    expect(await getNextSegmentId(12)).toBeNull();
  });

  it('getSegment finds by id and answers null for an unknown id', async () => {
    expect((await getSegment(10))?.name).toBe('Investment Sales Brokers');
    expect(await getSegment(7)).toBeNull();
  });
});

describe('personas', () => {
  it('at least 8, ids 1..N, valid enums, linked to existing buyer segments', async () => {
    const personas = await getPersonas();
    expect(personas.length).toBeGreaterThanOrEqual(8);
    expect(personas.map((persona) => persona.id)).toEqual(personas.map((_, index) => index + 1));
    const segmentIds = new Set((await getSegments()).map((segment) => segment.id));
    for (const persona of personas) {
      expect(PERSONA_SEGMENTS).toContain(persona.segment);
      expect(PERSONA_ROLES).toContain(persona.role);
      expect(segmentIds.has(persona.buyerSegmentId), `${persona.name}: buyerSegmentId ${persona.buyerSegmentId}`).toBe(true);
      expect(persona.avatar === null || typeof persona.avatar === 'string').toBe(true);
      expect(persona.goals.length).toBeGreaterThan(0);
      expect(persona.painPoints.length).toBeGreaterThan(0);
    }
    // Every buying role and every segment of the ICP is represented.
    expect(new Set(personas.map((persona) => persona.role))).toEqual(new Set(PERSONA_ROLES));
    expect(new Set(personas.map((persona) => persona.buyerSegmentId))).toEqual(segmentIds);
  });

  it('getPersona finds by id and answers null for an unknown id', async () => {
    expect((await getPersona(1))?.name).toBe('Dana Whitfield');
    expect(await getPersona(9999)).toBeNull();
  });
});

describe('call prep (personas) and objection responses (segments)', () => {
  /**
   * The eight situations of the Sales Situations Coach (docs/product.md
   * "Sales Situations Coach (/sales-situations)"), as content/sales-situations names them.
   */
  const SITUATION_IDS = [
    're-qualifying',
    'multi-threading',
    'access-to-decision-maker',
    'addressing-concerns-late-stage',
    'early-pricing-conversation',
    'budget-pushback',
    'testing-the-champion',
    'business-impact-discovery',
  ];

  it('the eight known situation ids are the coach content', () => {
    const ids = yamlFiles('sales-situations').map((path) => readYaml(path)['id']);
    expect(ids).toEqual(SITUATION_IDS);
  });

  it('every persona has three talking points and 2-4 objections, each answered and pointing at one of the eight situations', async () => {
    for (const persona of await getPersonas()) {
      expect(persona.callPrep.talkingPoints, persona.name).toHaveLength(3);
      expect(persona.callPrep.objections.length, persona.name).toBeGreaterThanOrEqual(2);
      expect(persona.callPrep.objections.length, persona.name).toBeLessThanOrEqual(4);
      for (const { objection, response, situationId } of persona.callPrep.objections) {
        expect(SITUATION_IDS, `${persona.name}: "${objection}"`).toContain(situationId);
        expect(response.trim().length, `${persona.name}: "${objection}"`).toBeGreaterThan(20);
      }
    }
  });

  it('every "Why I Won\'t Buy" item of every segment has a one-line response', async () => {
    for (const segment of await getSegments()) {
      for (const [tab, profile] of Object.entries(segment.buyerPersonas)) {
        expect(profile.whyIWontBuyResponses.length, `${segment.name} ${tab}`).toBe(profile.whyIWontBuy.length);
        for (const response of profile.whyIWontBuyResponses) expect(response, `${segment.name} ${tab}`).not.toMatch(/\n/);
      }
    }
  });
});

describe('ideal customer profile', () => {
  it('has the three tiers', async () => {
    const { tiers } = await getIcp();
    expect(tiers.map((tier) => [tier.label, tier.priority])).toEqual([
      ['Tier 1', 'Primary'],
      ['Tier 2', 'Secondary'],
      ['Tier 3', 'Ignore'],
    ]);
    const [tier1, tier2, tier3] = tiers;
    expect(tier1?.guidance).toBe('Focus here');
    expect(tier1?.properties).toMatch(/More than 75/);
    expect(tier1?.buildingClass).toMatch(/A or B/);
    expect(tier1?.employees).toMatch(/More than 20/);
    expect(tier1?.techStack).toMatch(/Salesforce/);
    expect(tier1?.techStack).toMatch(/HubSpot/);
    expect(tier1?.marketing).toMatch(/In-house/);
    expect(tier1?.segmentsOrPersonas).toMatch(/Investment Sales and Full-service/);
    expect(tier2?.properties).toMatch(/11-75/);
    expect(tier2?.employees).toMatch(/More than 10/);
    expect(tier2?.segmentsOrPersonas).toBe('All personas');
    expect(tier2?.salesCycle).toMatch(/3-6 months/);
    expect(tier3?.properties).toMatch(/1-10/);
    expect(tier3?.buildingClass).toBe('Any class');
    expect(tier3?.guidance).toMatch(/Ignore for outbound\/marketing unless a named account/);
  });

  it('has seven sales red flags, the review list, disqualification criteria and product-fit flags', async () => {
    const icp = await getIcp();
    expect(icp.salesRedFlags).toHaveLength(7);
    expect(icp.redFlagReview.length).toBeGreaterThan(0);
    expect(icp.disqualificationCriteria.map((item) => item.title)).toEqual([
      'No dedicated marketing staff',
      'Annual revenue under $2M',
      'Fewer than 5 employees',
      'No CRM or property-management software',
    ]);
    expect(icp.productFitRedFlags.map((item) => item.title)).toEqual([
      '10 or fewer properties',
      'Only class C/D properties',
      'Technology resistors',
      'Fully outsourced marketing',
    ]);
    expect(icp.metrics).toEqual({ midMarketSalesCycle: '3-6 months', earlyChurnWindow: '3-12 months' });
    expect(icp.engagement.timingBySegment['Mid-Market']).toContain('3-6 months');
  });

  it('target personas: a primary marketing leader, secondary groups, every persona id resolved', async () => {
    const { targetPersonas } = await getIcp();
    const primary = targetPersonas.filter((group) => group.priority === 'primary');
    expect(primary.map((group) => group.function)).toEqual(['Marketing leader']);
    expect(targetPersonas.filter((group) => group.priority === 'secondary').map((group) => group.function)).toEqual([
      'Marketing',
      'Transaction',
      'Leasing',
      'Operations',
    ]);
    for (const group of targetPersonas) {
      expect(
        group.personas.map((persona) => persona.id),
        group.function,
      ).toEqual(group.personaIds);
    }
  });

  it('leaves no large firm without a tier: owners, property managers and leasing brokerages with more than 75 properties are Tier 1', async () => {
    const [tier1, tier2] = (await getIcp()).tiers;
    for (const segment of [/building owners/i, /property managers/i, /leasing brokerages/i])
      expect(tier1?.segmentsOrPersonas).toMatch(segment);
    expect(tier1?.segmentsOrPersonas).toMatch(/more than 75 properties/);
    expect(tier2?.properties).toMatch(/11-75/);
  });

  it('every persona states the facts that place it in a tier: a property count, a headcount and its CRM or property-management system', async () => {
    const NUMBER = String.raw`(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)`;
    const properties = new RegExp(
      String.raw`\b${NUMBER}\b[^.]*?\b(?:properties|buildings|listings|offerings|assets|deals|shopping centers)\b`,
      'i',
    );
    const headcount = new RegExp(String.raw`\b${NUMBER}[- ](?:person|people|employees|staff|brokers)\b`, 'i');
    const stack = /Salesforce|HubSpot|Dynamics 365|Yardi|MRI|no CRM/;
    for (const persona of await getPersonas()) {
      const facts = [persona.background, ...persona.painPoints].join(' ');
      expect(persona.background, `${persona.name}: properties`).toMatch(properties);
      expect(persona.background, `${persona.name}: headcount`).toMatch(headcount);
      expect(facts, `${persona.name}: CRM or property-management system`).toMatch(stack);
    }
  });

  it('talk tracks promise only what the product pages back (no CA status in the CRM, no full OM templates, no tenant notices or tenant sites)', async () => {
    const unbacked = [
      /CA signatures?[^.;]*\bsync|\bsync[^.;]*CA signatures?/i,
      /\bOM templates\b|templates for [^.;]*\bOMs\b|\bOM and flyer templates\b/i,
      /tenant notices?/i,
      /tenant (?:web)?sites?\b/i,
    ];
    const tracks = [
      ...(await getSegments()).flatMap((segment) => [
        ...segment.talkingPoints,
        ...segment.buyerPersonas.champion.whyIWontBuyResponses,
        ...segment.buyerPersonas.decisionMaker.whyIWontBuyResponses,
      ]),
      ...(await getPersonas()).flatMap((persona) => [
        ...persona.callPrep.talkingPoints,
        ...persona.callPrep.objections.map((objection) => objection.response),
      ]),
    ];
    for (const track of tracks) for (const pattern of unbacked) expect(track, String(pattern)).not.toMatch(pattern);
  });

  it('files each persona under the segment its firm is in (a full-service brokerage is not investment sales)', async () => {
    for (const persona of await getPersonas()) {
      if (/full-service/i.test(persona.background)) expect(persona.buyerSegmentId, persona.name).not.toBe(10);
    }
    expect((await getPersona(1))?.buyerSegmentId).toBe(9);
  });

  it('Tier 2 needs a CRM or a property-management system (having neither disqualifies)', async () => {
    const [, tier2] = (await getIcp()).tiers;
    expect(tier2?.techStack).toMatch(/CRM or a property-management system/);
    expect(tier2?.techStack).not.toMatch(/preferred|optional/i);
  });

  it('applies one title-to-role mapping to personas, segment champion/decision-maker titles and target personas', async () => {
    const icp = await getIcp();
    const rolesOf = (title: string) =>
      PERSONA_ROLES.filter((role) =>
        icp.engagement.roles[role].titles.some((mapped) => title.toLowerCase().includes(mapped.toLowerCase())),
      );
    const allTitles = PERSONA_ROLES.flatMap((role) => icp.engagement.roles[role].titles.map((title) => title.toLowerCase()));
    expect(
      allTitles.filter((title, index) => allTitles.indexOf(title) !== index),
      'a title under two roles',
    ).toEqual([]);
    for (const persona of await getPersonas()) {
      expect(rolesOf(persona.title), `${persona.name}, ${persona.title}`).toEqual([persona.role]);
    }
    for (const segment of await getSegments()) {
      expect(rolesOf(segment.buyerPersonas.champion.title), `${segment.name} champion`).toEqual(['champion']);
      expect(rolesOf(segment.buyerPersonas.decisionMaker.title), `${segment.name} decision maker`).toEqual(['decision_maker']);
    }
    for (const group of icp.targetPersonas) {
      for (const title of group.titles) expect(allTitles, `${group.function}: ${title}`).toContain(title.toLowerCase());
    }
  });

  it('names the negative persona (Tier 3, disqualified) for the Red Flags tab', async () => {
    const { negativePersona } = await getIcp();
    const persona = await getPersona(negativePersona.personaId);
    expect(persona, `persona ${negativePersona.personaId}`).not.toBeNull();
    expect(persona?.engagementTips.join(' ')).toMatch(/Tier 3/);
    expect(`${negativePersona.title} ${negativePersona.description}`).toContain(persona!.name);
    expect(negativePersona.description).toContain(persona!.company);
  });

  it('resolves the negative persona to a link, like the target personas (the Red Flags tab links it)', async () => {
    const { negativePersona } = await getIcp();
    const persona = await getPersona(10);
    expect(negativePersona.personaId).toBe(10);
    expect(negativePersona.persona).toEqual({ id: 10, name: persona!.name, title: persona!.title });
  });

  it('has an engagement guide for every persona role and segment', async () => {
    const { engagement } = await getIcp();
    for (const role of PERSONA_ROLES) expect(engagement.roles[role].tips.length).toBeGreaterThan(0);
    for (const segment of PERSONA_SEGMENTS) expect(engagement.timingBySegment[segment]).toBeTruthy();
  });
});
