// Mark Complete for one lesson (SPEC §4 Lesson completion), on the module page's rows and the lesson page.
// Every instance shares the progress store, so the module footer and other rows follow.
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $completedLessons, $pendingLessons, completedFor, markLessonComplete } from '~/stores/progress';
import { CheckIcon } from './CheckIcon';

interface Props {
  moduleId: number;
  lessonId: number;
  lessonTitle: string;
  completedLessonIds: number[];
  size?: 'sm' | 'md';
}

export default function LessonCompleteButton({ moduleId, lessonId, lessonTitle, completedLessonIds, size = 'md' }: Props) {
  const completed = completedFor(useStore($completedLessons), moduleId, completedLessonIds);
  const pending = useStore($pendingLessons).includes(lessonId);
  const isCompleted = completed.includes(lessonId);
  // The button is replaced by the badge: keep keyboard focus on this row instead of losing it to the page.
  const focusBadge = useRef(false);
  const badge = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (isCompleted && focusBadge.current) badge.current?.focus();
  }, [isCompleted]);
  if (isCompleted) {
    return (
      <span ref={badge} tabIndex={-1} className="badge badge-success gap-1 whitespace-nowrap" data-testid="lesson-completed">
        <CheckIcon className="size-3.5" /> Completed
      </span>
    );
  }
  return (
    <button
      type="button"
      className={`btn btn-primary ${size === 'sm' ? 'btn-sm btn-outline' : ''}`}
      disabled={pending}
      aria-label={`Mark Complete: ${lessonTitle}`}
      onClick={(event) => {
        focusBadge.current = event.currentTarget === document.activeElement;
        void markLessonComplete(moduleId, lessonId);
      }}
    >
      {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      Mark Complete
    </button>
  );
}
