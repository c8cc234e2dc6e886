import { StrokeIcon } from './shared/StrokeIcon';

// A check mark for islands (the server-rendered pages use Icon.astro).
export function CheckIcon({ className = 'size-4' }: { className?: string }) {
  return <StrokeIcon d="M20 6 9 17l-5-5" className={className} strokeWidth="2.5" roundJoins />;
}
