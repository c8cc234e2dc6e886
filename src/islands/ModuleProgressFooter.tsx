// The module footer (SPEC §2): 'N of M lessons completed' or 'Module Completed', following the store.
import { useStore } from '@nanostores/react';
import { $completedLessons, completedFor } from '~/stores/progress';

interface Props {
  moduleId: number;
  lessonIds: number[];
  completedLessonIds: number[];
}

export default function ModuleProgressFooter({ moduleId, lessonIds, completedLessonIds }: Props) {
  const completed = completedFor(useStore($completedLessons), moduleId, completedLessonIds);
  const count = lessonIds.filter((id) => completed.includes(id)).length;
  const allDone = lessonIds.length > 0 && count >= lessonIds.length;
  return <span>{allDone ? 'Module Completed' : `${count} of ${lessonIds.length} lessons completed`}</span>;
}
