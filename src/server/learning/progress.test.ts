import { describe, expect, it } from 'vitest';
import { applyLessonCompletion, effectiveModuleStatus } from './progress';

describe('applyLessonCompletion (Mark Complete)', () => {
  it('creates a new record in_progress when there is none, and starts a not_started module', () => {
    expect(
      applyLessonCompletion({ recordExists: false, completedLessons: [], moduleStatus: 'not_started', lessonCount: 3 }, [101]),
    ).toEqual({
      completedLessons: [101],
      recordStatus: 'in_progress',
      moduleStatus: 'in_progress',
      createsRecord: true,
    });
  });

  it('adds lesson ids without duplicates', () => {
    const outcome = applyLessonCompletion(
      { recordExists: true, completedLessons: [102, 101], moduleStatus: 'in_progress', lessonCount: 4 },
      [101, 103, 103],
    );
    expect(outcome.completedLessons).toEqual([101, 102, 103]);
    expect(outcome.recordStatus).toBe('in_progress');
    expect(outcome.createsRecord).toBe(false);
  });

  it('completes record and module when the count equals the lesson count', () => {
    expect(
      applyLessonCompletion({ recordExists: true, completedLessons: [101, 102], moduleStatus: 'in_progress', lessonCount: 3 }, [103]),
    ).toMatchObject({
      recordStatus: 'completed',
      moduleStatus: 'completed',
    });
    // A single-lesson module completes from not_started in one step.
    expect(
      applyLessonCompletion({ recordExists: false, completedLessons: [], moduleStatus: 'not_started', lessonCount: 1 }, [101]),
    ).toMatchObject({
      recordStatus: 'completed',
      moduleStatus: 'completed',
    });
  });

  it('completing an already completed lesson changes nothing', () => {
    const outcome = applyLessonCompletion(
      { recordExists: true, completedLessons: [101], moduleStatus: 'in_progress', lessonCount: 2 },
      [101],
    );
    expect(outcome).toMatchObject({ completedLessons: [101], recordStatus: 'in_progress', moduleStatus: 'in_progress' });
  });
});

describe('effectiveModuleStatus', () => {
  it('is completed exactly when every lesson is', () => {
    expect(effectiveModuleStatus(null, 3, 3)).toBe('completed');
    expect(effectiveModuleStatus('completed', 2, 3)).toBe('in_progress');
    expect(effectiveModuleStatus('not_started', 1, 3)).toBe('in_progress');
  });
  it('falls back to the stored status without completions', () => {
    expect(effectiveModuleStatus(null, 0, 3)).toBe('not_started');
    expect(effectiveModuleStatus('in_progress', 0, 3)).toBe('in_progress');
  });
});
