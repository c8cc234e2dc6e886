// Mark Complete on a lesson page (SPEC §4 Lesson completion); shares the progress store with the list.
import { useStore } from '@nanostores/react';
import { $completedLessons, $pendingLessons, completedFor, markLessonComplete } from '../stores/progress';
import { CompletedMarker } from './ModuleLessons';

interface Props {
  moduleId: number;
  lessonId: number;
  lessonTitle: string;
  completedLessonIds: number[];
}

export default function LessonCompleteButton({ moduleId, lessonId, lessonTitle, completedLessonIds }: Props) {
  const completed = completedFor(useStore($completedLessons), moduleId, completedLessonIds);
  const pending = useStore($pendingLessons).includes(lessonId);
  if (completed.includes(lessonId)) return <CompletedMarker />;
  return (
    <button
      type="button"
      className="btn btn-primary"
      disabled={pending}
      aria-label={`Mark Complete: ${lessonTitle}`}
      onClick={() => void markLessonComplete(moduleId, lessonId)}
    >
      {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      Mark Complete
    </button>
  );
}
