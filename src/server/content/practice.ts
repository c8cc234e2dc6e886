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

/** "Practise this": the scenario's page, by what the scenario rehearses (`situation:<id>`, `objection:<id>`, `page:<path>`). */
export async function getPracticeLinks(): Promise<ReadonlyMap<string, string>> {
  return cached('practiceLinks', async () => {
    const links = new Map<string, string>();
    for (const scenario of await getPracticeScenarios()) {
      const [kind, value] = Object.entries(scenario.rehearses)[0]!;
      const key = `${kind}:${String(value)}`;
      // The first scenario in list order is the one a page links to.
      if (!links.has(key)) links.set(key, `/practice/${scenario.id}`);
    }
    return links;
  });
}
