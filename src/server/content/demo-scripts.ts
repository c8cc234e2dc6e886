/** The Sales Kit's demo scripts (content/sales-kit/demo-scripts.yaml), one per buying role, in the order of lesson 303. */
import { getCollection } from 'astro:content';
import type { DemoScriptEntry } from '~/schemas/demo-scripts';
import type { PERSONA_ROLES } from '~/shared/vocabulary';
import { cached } from './cache';

/** Who signs first, then who sells for us, who shapes the requirements, who uses it (lesson 303). */
export const DEMO_ROLE_ORDER: ReadonlyArray<(typeof PERSONA_ROLES)[number]> = ['decision_maker', 'champion', 'influencer', 'user'];

export interface DemoScript extends DemoScriptEntry {
  /** The length of the demo: its steps' minutes added up. */
  minutes: number;
}

export const getDemoScripts = (): Promise<DemoScript[]> =>
  cached('demoScripts', async () =>
    (await getCollection('demoScripts'))
      .map(({ data }) => ({ ...data, minutes: data.steps.reduce((sum, step) => sum + step.minutes, 0) }))
      .sort((a, b) => DEMO_ROLE_ORDER.indexOf(a.id) - DEMO_ROLE_ORDER.indexOf(b.id)),
  );
