// Sales Kit content (content/sales-kit/): the schemas reject bad entries naming the field, the counts the
// kit promises are there, every persona has its own material, and every reference resolves.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getIcp, getPersonas, getSegments } from '~/server/content/buyers';
import { getCaseStudies, getCaseStudiesOfSegment } from '~/server/content/case-studies';
import { DEMO_ROLE_ORDER, getDemoScripts } from '~/server/content/demo-scripts';
import { getItSecurity } from '~/server/content/it-security';
import { getPricing } from '~/server/content/pricing';
import { getProductFeatures } from '~/server/content/product';
import { getResources } from '~/server/content/resources';
import { getSalesSituations } from '~/server/content/coach';
import {
  filterDiscoveryQuestions,
  filterObjections,
  getDiscoveryQuestions,
  getObjections,
  getProspectingSequences,
  parseDiscoveryFilter,
  parseObjectionFilter,
} from '~/server/content/sales-kit';
import { caseStudySchema } from '~/schemas/case-studies';
import { demoScriptSchema } from '~/schemas/demo-scripts';
import { itSectionSchema } from '~/schemas/it-security';
import { PERSONA_ROLES } from '~/shared/vocabulary';
import { pricingPackageSchema, pricingPolicySchema } from '~/schemas/pricing';
import { resourceSchema } from '~/schemas/resources';
import { DISCOVERY_STAGES, discoveryQuestionSchema, objectionSchema, prospectingSequenceSchema } from '~/schemas/sales-kit';
import { CONTENT, expectRejectsNaming, readYaml, REVIEW } from './schema-helpers';

const raw = (file: string) => readYaml(join(CONTENT, 'sales-kit', file)) as Array<Record<string, unknown>>;

describe('discovery question bank', () => {
  const entries = raw('discovery-questions.yaml');

  it('rejects a bad question naming the field', () => {
    const good = { ...entries[0]!, review: REVIEW };
    expect(discoveryQuestionSchema.safeParse(good).success).toBe(true);
    expectRejectsNaming(discoveryQuestionSchema, { ...good, stage: 'closing' }, 'stage');
    expectRejectsNaming(discoveryQuestionSchema, { ...good, personaIds: [] }, 'personaIds');
    expectRejectsNaming(discoveryQuestionSchema, { ...good, segmentIds: [12] }, 'segmentIds');
    expectRejectsNaming(discoveryQuestionSchema, { ...good, goodAnwser: 'typo' }, 'goodAnwser');
  });

  it('holds at least 40 questions with unique ids, at least five per stage', async () => {
    const questions = await getDiscoveryQuestions();
    expect(questions.length).toBeGreaterThanOrEqual(40);
    expect(new Set(questions.map((question) => question.id)).size).toBe(questions.length);
    for (const stage of DISCOVERY_STAGES) expect(questions.filter((q) => q.stage === stage).length, stage).toBeGreaterThanOrEqual(5);
  });

  it('gives every persona and every segment questions of its own, and resolves every id', async () => {
    const [questions, personas, segments] = await Promise.all([getDiscoveryQuestions(), getPersonas(), getSegments()]);
    for (const persona of personas)
      expect(filterDiscoveryQuestions(questions, { personaId: persona.id }).length, persona.name).toBeGreaterThanOrEqual(3);
    for (const segment of segments)
      expect(filterDiscoveryQuestions(questions, { segmentId: segment.id }).length, segment.name).toBeGreaterThan(0);
    for (const entry of entries) {
      const question = questions.find((q) => q.id === entry['id'])!;
      expect(question.personas.length, `${question.id}: personas`).toBe((entry['personaIds'] as number[]).length);
      expect(question.segments.length, `${question.id}: segments`).toBe((entry['segmentIds'] as number[]).length);
      for (const named of question.personas) {
        const segmentId = personas.find((persona) => persona.id === named.id)!.buyerSegmentId;
        expect(
          question.segments.map((segment) => segment.id),
          `${question.id}: segment of ${named.name}`,
        ).toContain(segmentId);
      }
    }
  });

  it('reads its filter from the address and ignores what it does not know', async () => {
    expect(await parseDiscoveryFilter(new URLSearchParams('persona=3&segment=10&stage=pain'))).toEqual({
      personaId: 3,
      segmentId: 10,
      stage: 'pain',
    });
    expect(await parseDiscoveryFilter(new URLSearchParams('persona=99&segment=x&stage=closing'))).toEqual({});
    const questions = await getDiscoveryQuestions();
    const pain = filterDiscoveryQuestions(questions, { personaId: 3, stage: 'pain' });
    expect(pain.length).toBeGreaterThan(0);
    for (const question of pain) {
      expect(question.stage).toBe('pain');
      expect(question.personas.map((persona) => persona.id)).toContain(3);
    }
  });
});

describe('case studies', () => {
  const files = readdirSync(join(CONTENT, 'sales-kit', 'case-studies')).filter((name) => name.endsWith('.yaml'));
  const customerSites = Object.values(
    readYaml(join(CONTENT, 'resources', 'customer-examples.yaml')) as Record<string, { examples: Array<{ name: string; url: string }> }>,
  ).flatMap((row) => row.examples);

  it('rejects a bad case study naming the field', () => {
    const good = { ...(readYaml(join(CONTENT, 'sales-kit', 'case-studies', files[0]!)) as Record<string, unknown>), review: REVIEW };
    expect(caseStudySchema.safeParse(good).success).toBe(true);
    expectRejectsNaming(caseStudySchema, { ...good, results: [] }, 'results');
    expectRejectsNaming(caseStudySchema, { ...good, segmentId: 7 }, 'segmentId');
    expectRejectsNaming(caseStudySchema, { ...good, url: 'http://harborlinecommercial.example' }, 'url');
    expectRejectsNaming(caseStudySchema, { ...good, referenceCall: 'yes' }, 'referenceCall');
  });

  it('tells at least four customer stories, each a customer of the matrix with its own site, results with numbers and a quote', async () => {
    const studies = await getCaseStudies();
    expect(studies.length).toBeGreaterThanOrEqual(4);
    for (const study of studies) {
      expect(
        customerSites.some((site) => site.name === study.customer && site.url === study.url),
        study.customer,
      ).toBe(true);
      expect(study.results.length, study.customer).toBeGreaterThanOrEqual(2);
      for (const result of study.results) expect(`${result.value} ${result.detail}`, study.customer).toMatch(/\d|same day|minutes/i);
      expect(study.quote.text.length, study.customer).toBeGreaterThan(30);
    }
  });

  it('is linked from the page of its segment, and no quoted person is a persona or a team member', async () => {
    const [studies, personas] = await Promise.all([getCaseStudies(), getPersonas()]);
    for (const study of studies) expect(await getCaseStudiesOfSegment(study.segment.id)).toContainEqual(study);
    const team = (readYaml(join(CONTENT, 'company', 'team.yaml')) as Array<{ name: string }>).map((member) => member.name);
    for (const study of studies) {
      expect(team, study.quote.name).not.toContain(study.quote.name);
      expect(personas.map((persona) => persona.name)).not.toContain(study.quote.name);
      expect(personas.map((persona) => persona.company)).not.toContain(study.customer);
    }
  });
});

describe('library resources', () => {
  it('link only to places that open (a page of the hub or a listed host) or say they are internal', async () => {
    for (const resource of await getResources()) {
      if (resource.link === undefined) expect(resource.internal, resource.title).toMatch(/\w/);
      else expect(resource.link, resource.title).not.toMatch(/^https:\/\/([^/]+\.)?parcelwise\.example/);
    }
    const good = { review: REVIEW, title: 'T', description: 'D', type: 'pdf', createdAt: '2026-01-01', category: 'customer-examples' };
    expect(resourceSchema.safeParse({ ...good, link: '/sales-kit/case-studies' }).success).toBe(true);
    expect(resourceSchema.safeParse({ ...good, internal: 'Ask Marketing.' }).success).toBe(true);
    expectRejectsNaming(resourceSchema, good, 'link');
    expectRejectsNaming(resourceSchema, { ...good, link: '/x', internal: 'Ask Marketing.' }, 'link');
  });
});

describe('objection library', () => {
  const entries = raw('objections.yaml');

  it('rejects a bad objection naming the field', () => {
    const good = { ...entries[0]!, review: REVIEW };
    expect(objectionSchema.safeParse(good).success).toBe(true);
    expectRejectsNaming(objectionSchema, { ...good, category: 'money' }, 'category');
    expectRejectsNaming(objectionSchema, { ...good, situationIds: [] }, 'situationIds');
    expectRejectsNaming(objectionSchema, { ...good, followUp: ' ' }, 'followUp');
    expectRejectsNaming(objectionSchema, { ...good, proof: 'typo' }, 'proof');
  });

  it('holds at least 25 objections, each with a response, a proof point and a follow-up question', async () => {
    const objections = await getObjections();
    expect(objections.length).toBeGreaterThanOrEqual(25);
    expect(new Set(objections.map((objection) => objection.id)).size).toBe(objections.length);
    for (const objection of objections) expect(objection.followUp, objection.id).toMatch(/\?$/);
  });

  it('resolves every persona, coach situation and case study, and covers every persona and situation', async () => {
    const [objections, personas, situations] = await Promise.all([getObjections(), getPersonas(), getSalesSituations()]);
    for (const entry of entries) {
      const objection = objections.find((o) => o.id === entry['id'])!;
      expect(objection.personas.length, objection.id).toBe((entry['personaIds'] as number[]).length);
      expect(objection.situations.length, objection.id).toBe((entry['situationIds'] as string[]).length);
      expect(objection.caseStudy === null, objection.id).toBe(entry['caseStudyId'] === undefined);
    }
    for (const persona of personas)
      expect(filterObjections(objections, { personaId: persona.id }).length, persona.name).toBeGreaterThanOrEqual(2);
    for (const situation of situations)
      expect(filterObjections(objections, { situationId: situation.id }).length, situation.name).toBeGreaterThan(0);
  });

  it('reads its filter from the address', async () => {
    expect(await parseObjectionFilter(new URLSearchParams('persona=2&situation=budget-pushback&category=price'))).toEqual({
      personaId: 2,
      situationId: 'budget-pushback',
      category: 'price',
    });
    expect(await parseObjectionFilter(new URLSearchParams('situation=haggling&category=cost'))).toEqual({});
  });
});

describe('pricing and packaging', () => {
  const policy = (readYaml(join(CONTENT, 'sales-kit', 'pricing-policy.yaml')) as { policy: Record<string, unknown> }).policy;

  it('rejects a bad package or policy naming the field', () => {
    const pack = { ...raw('pricing-packages.yaml')[0]!, review: REVIEW };
    expect(pricingPackageSchema.safeParse(pack).success).toBe(true);
    expectRejectsNaming(pricingPackageSchema, { ...pack, features: [] }, 'features');
    expectRejectsNaming(pricingPackageSchema, { ...pack, price: '$9,000' }, 'price');
    const good = { ...policy, review: REVIEW };
    expect(pricingPolicySchema.safeParse(good).success).toBe(true);
    expectRejectsNaming(pricingPolicySchema, { ...good, discountRules: [] }, 'discountRules');
    expectRejectsNaming(pricingPolicySchema, { ...good, earlyPriceTalk: { sayThis: 'Hi' } }, 'earlyPriceTalk');
  });

  it('packages hold only core features of the Product page, the largest holds all six, and no price is copied into the hub', async () => {
    const [{ packages, features, policy: parsed }, product] = await Promise.all([getPricing(), getProductFeatures()]);
    expect(packages.length).toBeGreaterThanOrEqual(3);
    expect(features).toEqual(product.map((feature) => feature.title));
    for (const pack of packages) for (const feature of pack.features) expect(features, pack.name).toContain(feature);
    expect(packages.some((pack) => features.every((feature) => pack.features.includes(feature)))).toBe(true);
    expect(JSON.stringify({ packages, parsed })).not.toMatch(/\$\s?\d/);
  });

  it('names who approves every discount above the account executive, and says where the list prices are', async () => {
    const { policy: parsed } = await getPricing();
    expect(parsed.discountRules[0]?.approvers).toEqual([]);
    for (const rule of parsed.discountRules.slice(1)) expect(rule.approvers.length, rule.discount).toBeGreaterThan(0);
    for (const rule of parsed.discountRules)
      for (const approver of rule.approvers) expect(approver).toMatch(/^[A-Z][a-z]+ [A-Z]\w+ \(.+\)$/);
    expect(parsed.earlyPriceTalk.whereTheNumbersAre).toMatch(/price sheet/);
  });
});

describe('IT and security fact sheet', () => {
  it('rejects a bad section naming the field', () => {
    const good = { ...raw('it-security.yaml')[0]!, review: REVIEW };
    expect(itSectionSchema.safeParse(good).success).toBe(true);
    expectRejectsNaming(itSectionSchema, { ...good, items: [] }, 'items');
    expectRejectsNaming(itSectionSchema, { ...good, items: [{ topic: 'SOC 2', answer: 'Yes', status: 'certified' }] }, 'status');
  });

  it('covers sign-in, data handling, hosting, subprocessors and certifications, with true statuses', async () => {
    const sections = await getItSecurity();
    const all = sections.flatMap((section) => section.items);
    const item = (topic: RegExp) => all.find((candidate) => topic.test(candidate.topic));
    for (const id of ['sign-in', 'data-handling', 'hosting', 'subprocessors', 'certifications'])
      expect(sections.map((s) => s.id)).toContain(id);
    const sso = item(/single sign-on/i)!;
    expect(sso.status).toBe('available');
    expect(sso.answer).toMatch(/OpenID Connect/);
    expect(sso.answer).toMatch(/Microsoft Entra ID/);
    expect(sso.answer).toMatch(/Google Workspace/);
    const soc2 = item(/^SOC 2 Type II$/)!;
    expect(soc2.status).toBe('in-progress');
    expect(soc2.answer).toMatch(/expected in the \w+ quarter of \d{4}/);
    // A claim the company cannot back must never appear as available.
    for (const claimed of all.filter((candidate) => candidate.status === 'available'))
      expect(claimed.topic).not.toMatch(/SOC 2|ISO|SAML|SCIM/);
  });
});

describe('demo scripts', () => {
  it('rejects a bad script naming the field', () => {
    const good = { ...raw('demo-scripts.yaml')[0]!, review: REVIEW };
    expect(demoScriptSchema.safeParse(good).success).toBe(true);
    expectRejectsNaming(demoScriptSchema, { ...good, id: 'buyer' }, 'id');
    expectRejectsNaming(demoScriptSchema, { ...good, steps: [] }, 'steps');
  });

  it('has one script per buying role, each with timed steps of what to show and say', async () => {
    const scripts = await getDemoScripts();
    expect(scripts.map((script) => script.id)).toEqual([...DEMO_ROLE_ORDER]);
    expect([...DEMO_ROLE_ORDER].sort()).toEqual([...PERSONA_ROLES].sort());
    for (const script of scripts) {
      expect(script.minutes, script.id).toBeGreaterThanOrEqual(20);
      expect(script.minutes, script.id).toBeLessThanOrEqual(60);
    }
  });
});

describe('prospecting sequences', () => {
  it('rejects a bad sequence naming the field', () => {
    const first = raw('prospecting.yaml')[0]!;
    const good = { ...first, review: REVIEW };
    const touches = first['touches'] as Array<Record<string, unknown>>;
    expect(prospectingSequenceSchema.safeParse(good).success).toBe(true);
    expectRejectsNaming(prospectingSequenceSchema, { ...good, touches: touches.slice(0, 2) }, 'touches');
    expectRejectsNaming(prospectingSequenceSchema, { ...good, touches: [touches[0], touches[0], touches[2]] }, 'touches');
    expectRejectsNaming(
      prospectingSequenceSchema,
      { ...good, touches: [touches[0], { ...touches[1], subject: 'Hi' }, touches[2]] },
      'subject',
    );
  });

  it('gives every persona exactly one three-touch sequence: email, call and social, in day order', async () => {
    const [sequences, personas] = await Promise.all([getProspectingSequences(), getPersonas()]);
    expect(sequences.map((sequence) => sequence.persona.id)).toEqual(personas.map((persona) => persona.id));
    expect(raw('prospecting.yaml')).toHaveLength(personas.length);
    for (const sequence of sequences)
      expect(sequence.touches.map((touch) => touch.channel).sort(), sequence.id).toEqual(['call', 'email', 'social']);
  });

  it('never prospects the negative persona unprompted', async () => {
    const { negativePersona } = await getIcp();
    const sequence = (await getProspectingSequences()).find((candidate) => candidate.persona.id === negativePersona.personaId);
    expect(sequence?.useWhen).toMatch(/named account/);
  });
});
