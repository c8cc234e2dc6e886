// The lesson type icon (video, article, interactive, quiz) for React islands; same paths as Icon.astro.
import { ICON_PATHS } from '../components/icons';
import type { LessonType } from '../lib/api/modules';

export function LessonTypeIcon({ type, className = 'size-5' }: { type: LessonType; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={ICON_PATHS[type]} />
    </svg>
  );
}

export function CheckIcon({ className = 'size-4' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}
