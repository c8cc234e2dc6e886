// Module detail lesson list (SPEC §2 Module detail, §4 Lesson completion): rendered on the server with the
// user's progress; in the browser, Mark Complete records the lesson and updates the row and the footer.
import { useStore } from '@nanostores/react';
import type { LessonType } from '../lib/api/modules';
import { $completedLessons, $pendingLessons, completedFor, markLessonComplete } from '../stores/progress';
import { CheckIcon, LessonTypeIcon } from './LessonTypeIcon';

export interface ModuleLessonItem {
  id: number;
  title: string;
  type: LessonType;
  duration: number;
  href: string;
}

interface Props {
  moduleId: number;
  lessons: ModuleLessonItem[];
  completedLessonIds: number[];
}

const TYPE_LABELS: Record<LessonType, string> = { video: 'Video', article: 'Article', interactive: 'Interactive', quiz: 'Quiz' };

export function CompletedMarker() {
  return (
    <span className="badge badge-success gap-1 whitespace-nowrap" data-testid="lesson-completed">
      <CheckIcon className="size-3.5" /> Completed
    </span>
  );
}

export default function ModuleLessons({ moduleId, lessons, completedLessonIds }: Props) {
  const completed = completedFor(useStore($completedLessons), moduleId, completedLessonIds);
  const pending = useStore($pendingLessons);
  const lessonIds = new Set(lessons.map((lesson) => lesson.id));
  const count = completed.filter((id) => lessonIds.has(id)).length;
  const allDone = lessons.length > 0 && count >= lessons.length;

  return (
    <section aria-labelledby="lessons-heading" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4 p-4 md:p-6">
        <h2 id="lessons-heading" className="card-title text-lg">Lessons</h2>
        <ol className="divide-y divide-base-300">
          {lessons.map((lesson) => {
            const done = completed.includes(lesson.id);
            return (
              <li key={lesson.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="lesson-row" data-lesson-id={lesson.id}>
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-base-200 text-primary" title={TYPE_LABELS[lesson.type]}>
                  <LessonTypeIcon type={lesson.type} />
                </span>
                <div className="min-w-0 flex-1">
                  <a href={lesson.href} className="link-hover link font-medium">{lesson.title}</a>
                  <p className="text-sm opacity-75">
                    <span className="capitalize">{lesson.type}</span> · {lesson.duration} min
                  </p>
                </div>
                {done ? (
                  <CompletedMarker />
                ) : (
                  <button
                    type="button"
                    className="btn btn-sm btn-primary btn-outline"
                    disabled={pending.includes(lesson.id)}
                    aria-label={`Mark Complete: ${lesson.title}`}
                    onClick={() => void markLessonComplete(moduleId, lesson.id)}
                  >
                    {pending.includes(lesson.id) && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                    Mark Complete
                  </button>
                )}
              </li>
            );
          })}
        </ol>
        <p className="border-t border-base-300 pt-4 text-sm font-medium" data-testid="module-footer" aria-live="polite">
          {allDone ? 'Module Completed' : `${count} of ${lessons.length} lessons completed`}
        </p>
      </div>
    </section>
  );
}
