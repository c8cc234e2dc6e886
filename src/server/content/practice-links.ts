/**
 * What teaches a practice rubric item (or what a scenario rehearses), as a link: a lesson's page, a sales
 * situation in the coach, an objection in the Sales Kit's library, or a Sales Kit page, with its name.
 */
import type { PracticeMaterial } from '~/schemas/practice';
import type { ScenarioView } from '~/shared/practice/view';
import type { PracticeScenario } from './practice';
import { getSalesSituations } from './coach';
import { getModules } from './learning';
import { getObjections } from './sales-kit';

export interface MaterialLink {
  href: string;
  label: string;
}

const SALES_KIT_PAGES: Readonly<Record<string, string>> = {
  '/sales-kit/discovery-questions': 'Discovery questions',
  '/sales-kit/objections': 'Objection library',
  '/sales-kit/pricing': 'Pricing',
  '/sales-kit/it-security': 'IT security',
  '/sales-kit/demo-scripts': 'Demo scripts',
  '/sales-kit/prospecting': 'Prospecting sequences',
  '/sales-kit/case-studies': 'Case studies',
};

/** A resolver of materials to links, reading the lessons, situations and objections once. */
export async function practiceMaterialLinks(): Promise<(material: PracticeMaterial) => MaterialLink> {
  const [modules, situations, objections] = await Promise.all([getModules(), getSalesSituations(), getObjections()]);
  const lessons = new Map(
    modules.flatMap((module) => module.lessons.map((lesson) => [lesson.id, { moduleId: module.id, title: lesson.title }] as const)),
  );
  return (material) => {
    if ('lesson' in material) {
      const lesson = lessons.get(material.lesson);
      return lesson
        ? { href: `/modules/${lesson.moduleId}/lessons/${material.lesson}`, label: `Lesson: ${lesson.title}` }
        : { href: '/industry-knowledge', label: 'The learning path' };
    }
    if ('situation' in material) {
      const name = situations.find((situation) => situation.id === material.situation)?.name ?? material.situation;
      return { href: `/sales-situations?situation=${encodeURIComponent(material.situation)}`, label: `Sales situation: ${name}` };
    }
    if ('objection' in material) {
      const text = objections.find((objection) => objection.id === material.objection)?.objection ?? material.objection;
      return { href: `/sales-kit/objections#${material.objection}`, label: `Objection: “${text}”` };
    }
    return { href: material.page, label: `Sales Kit: ${SALES_KIT_PAGES[material.page] ?? material.page}` };
  };
}

/** A scenario as the pages and the answer island show it: the rubric with what teaches each item. */
export async function scenarioView(scenario: PracticeScenario): Promise<ScenarioView> {
  const link = await practiceMaterialLinks();
  return {
    id: scenario.id,
    title: scenario.title,
    timeLimitSeconds: scenario.timeLimitSeconds,
    rubric: scenario.rubric.map((item) => ({
      id: item.id,
      does: item.does,
      required: item.required,
      judgedByReviewer: !item.phrases || item.phrases.length === 0,
      teaches: link(item.teaches),
    })),
  };
}
