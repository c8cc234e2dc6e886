import { describe, expect, test } from 'vitest';
import { nextStep, overallProgress, type ModuleProgressLike } from './next-step';

const lesson = (id: number, duration = 5) => ({ id, title: `Lesson ${id}`, duration });
const mod = (id: number, lessonIds: number[]) => ({
  id,
  title: `Module ${id}`,
  lessonCount: lessonIds.length,
  lessons: lessonIds.map((l) => lesson(l)),
});

function progressOf(done: number[][], statuses: ModuleProgressLike['status'][] = []): ModuleProgressLike[] {
  const modules = [mod(1, [101, 102, 103]), mod(2, [201, 202]), mod(3, [301])];
  return modules.map((module, index) => {
    const completedLessons = done[index] ?? [];
    const status =
      statuses[index] ??
      (completedLessons.length === module.lessonCount ? 'completed' : completedLessons.length > 0 ? 'in_progress' : 'not_started');
    return { module, completedLessons, status };
  });
}

describe('nextStep', () => {
  test('a new hire starts the first lesson of the first module', () => {
    expect(nextStep(progressOf([]))).toEqual({
      moduleId: 1,
      moduleTitle: 'Module 1',
      moduleNumber: 1,
      lesson: lesson(101),
      action: 'Start',
      href: '/modules/1/lessons/101',
    });
  });

  test('continues the first lesson not completed of a module under way, in lesson order', () => {
    expect(nextStep(progressOf([[101, 103]]))).toMatchObject({ moduleId: 1, lesson: lesson(102), action: 'Continue' });
  });

  test('a module under way comes before an earlier module not started', () => {
    expect(nextStep(progressOf([[], [201]]))).toMatchObject({ moduleId: 2, moduleNumber: 2, lesson: lesson(202), action: 'Continue' });
  });

  test('a completed module is skipped; the next one not started is started', () => {
    expect(nextStep(progressOf([[101, 102, 103]]))).toMatchObject({ moduleId: 2, lesson: lesson(201), action: 'Start' });
  });

  test('a module the user marked in progress without a lesson done says Continue', () => {
    expect(nextStep(progressOf([[], []], ['not_started', 'in_progress']))).toMatchObject({ moduleId: 2, action: 'Continue' });
  });

  test('null when every lesson is completed', () => {
    expect(nextStep(progressOf([[101, 102, 103], [201, 202], [301]]))).toBeNull();
  });
});

describe('overallProgress', () => {
  test('counts lessons and modules across every module', () => {
    expect(overallProgress(progressOf([[101, 102, 103], [201]]))).toEqual({
      completedLessons: 4,
      totalLessons: 6,
      completedModules: 1,
      totalModules: 3,
      percent: 67,
    });
  });

  test('zero for no modules', () => {
    expect(overallProgress([])).toEqual({ completedLessons: 0, totalLessons: 0, completedModules: 0, totalModules: 0, percent: 0 });
  });
});
