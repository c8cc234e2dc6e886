// Sales Kit content (content/sales-kit/): the schemas reject bad entries naming the field, the counts the
// kit promises are there, every persona has its own material, and every reference resolves.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getPersonas, getSegments } from '~/lib/content/buyers';
import { filterDiscoveryQuestions, getDiscoveryQuestions, parseDiscoveryFilter } from '~/lib/content/sales-kit';
import { DISCOVERY_STAGES, discoveryQuestionSchema } from '~/schemas/sales-kit';
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
