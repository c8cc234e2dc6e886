// Colour themes and icons of buyer segments (docs/product.md "Buyer segment detail (/buyer-segments/{id})": icon Building, Briefcase,
// Users, User, else a default; colour indigo, sky, emerald, amber, default indigo). Full class names are written out so
// Tailwind finds them; text pairs meet WCAG AA contrast in the light and dark themes.
import type { IconName } from '~/shared/icons';

export interface SegmentTheme {
  /** Solid box behind the segment icon. */
  iconBox: string;
  /** Soft badge / pill (text on tinted background). */
  soft: string;
  /** Coloured top border of cards and headers. */
  border: string;
}

const THEMES: Record<string, SegmentTheme> = {
  indigo: {
    iconBox: 'bg-indigo-700 text-white',
    soft: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100',
    border: 'border-t-indigo-600',
  },
  sky: {
    iconBox: 'bg-sky-700 text-white',
    soft: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
    border: 'border-t-sky-600',
  },
  emerald: {
    iconBox: 'bg-emerald-700 text-white',
    soft: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
    border: 'border-t-emerald-600',
  },
  amber: {
    iconBox: 'bg-amber-400 text-amber-950',
    soft: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
    border: 'border-t-amber-500',
  },
};

const ICONS: Record<string, IconName> = { Building: 'building', Briefcase: 'briefcase', Users: 'users', User: 'user' };

/** The theme of a segment colour; unknown colours get indigo. */
export function segmentTheme(color: string | undefined): SegmentTheme {
  return THEMES[color ?? ''] ?? (THEMES['indigo'] as SegmentTheme);
}

/** The icon of a segment; unknown icons get the default (Users). */
export function segmentIcon(icon: string | undefined): IconName {
  return ICONS[icon ?? ''] ?? 'users';
}
