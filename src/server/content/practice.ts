/** The practice scenarios (content/practice/, docs/product.md "Practice"): in list order, and one by its id. */
import { getCollection } from 'astro:content';
import type { PracticeScenarioData } from '~/schemas/practice';
import { cached } from './cache';

export type PracticeScenario = PracticeScenarioData;

/** Every scenario, in the order of the file names' numbers (content/practice/NN-<id>.yaml). */
export const getPracticeScenarios = (): Promise<PracticeScenario[]> =>
  cached('practiceScenarios', async () =>
    (await getCollection('practiceScenarios')).toSorted((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true })).map((entry) => entry.data),
  );

export async function getPracticeScenario(id: string): Promise<PracticeScenario | null> {
  return (await getPracticeScenarios()).find((scenario) => scenario.id === id) ?? null;
}
