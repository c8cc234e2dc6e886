// The home page's "Your next step" card and overall progress (docs/decisions.md "The first week"): pure functions over the modules with the
// user's completed lessons, in module order.
import type { ModuleStatus } from '~/shared/vocabulary';

interface LessonLike {
  id: number;
  title: string;
  duration: number;
}

export interface ModuleProgressLike {
  module: { id: number; title: string; lessonCount: number; lessons: readonly LessonLike[] };
  completedLessons: readonly number[];
  status: ModuleStatus;
}

export interface NextStep {
  moduleId: number;
  moduleTitle: string;
  /** 1-based position of the module in the learning order. */
  moduleNumber: number;
  lesson: LessonLike;
  /** 'Start' for a module not started yet, 'Continue' for one under way. */
  action: 'Start' | 'Continue';
  href: string;
}

/**
 * The lesson to open next: the first lesson not completed (in lesson order) of the first module under
 * way (in module order), else of the first module not started; null when every lesson is completed.
 */
export function nextStep(modules: readonly ModuleProgressLike[]): NextStep | null {
  const open = modules
    .map((entry, index) => ({ entry, number: index + 1 }))
    .filter(({ entry }) => entry.status !== 'completed' && entry.module.lessons.some((l) => !entry.completedLessons.includes(l.id)));
  const chosen = open.find(({ entry }) => entry.status === 'in_progress') ?? open[0];
  if (!chosen) return null;
  const { module, completedLessons, status } = chosen.entry;
  const lesson = module.lessons.find((l) => !completedLessons.includes(l.id))!;
  return {
    moduleId: module.id,
    moduleTitle: module.title,
    moduleNumber: chosen.number,
    lesson,
    action: status === 'in_progress' ? 'Continue' : 'Start',
    href: `/modules/${module.id}/lessons/${lesson.id}`,
  };
}

export interface OverallProgress {
  completedLessons: number;
  totalLessons: number;
  completedModules: number;
  totalModules: number;
  /** Completed lessons out of all lessons, rounded to a whole percent. */
  percent: number;
}

/** Lessons and modules completed across every module. */
export function overallProgress(modules: readonly ModuleProgressLike[]): OverallProgress {
  const totalLessons = modules.reduce((sum, { module }) => sum + module.lessonCount, 0);
  const completedLessons = modules.reduce((sum, { completedLessons: done }) => sum + done.length, 0);
  return {
    completedLessons,
    totalLessons,
    completedModules: modules.filter(({ status }) => status === 'completed').length,
    totalModules: modules.length,
    percent: totalLessons > 0 ? Math.round((100 * completedLessons) / totalLessons) : 0,
  };
}
