// One search document: a place a reader can be sent to (src/server/content/search-documents.ts).
import type { SearchGroup } from '~/shared/search/groups';

export interface SearchPlace {
  group: SearchGroup;
  /**
   * The item the place belongs to, unique in its group: an answer shows an item once, at its best place.
   * In the four spec groups it is the item's numeric id.
   */
  item: string;
  /** The item's title or name. */
  title: string;
  /** The line under the title: a persona's job title (the spec field), a lesson's module, "Abbreviation"… */
  context: string;
  /** Exact names: a term equal to one ranks the place first (a title, an alias, an abbreviation, a keyword). */
  names?: string[];
  /** Badges and keywords, searched like titles. */
  keywords?: string[];
  /** The heading of the place inside its item (a lesson section, a tab), searched like a title. */
  heading?: string;
  /** The text a reader finds there, searched and quoted in snippets. */
  text: string;
  /** Where the place is: a path with the tab (?tab=…) and the fragment (#…) that show it. */
  href: string;
}

/** Joins text parts on their own lines, skipping empty ones. */
export const lines = (...parts: Array<string | readonly string[] | null | undefined>): string =>
  parts
    .flat()
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join('\n');
