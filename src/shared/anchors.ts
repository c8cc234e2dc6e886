// Fragment ids of the places a search result (or any link) can point at inside a page. One module for the
// components that render the ids and the search documents that link to them, so the two never drift.
// Zod-free and content-free: server code and islands may both import it.

/**
 * A heading's id as Astro gives it to Markdown/MDX headings (github-slugger): lower case, characters
 * other than letters, digits, spaces, hyphens and underscores removed, each space a hyphen.
 */
export function headingSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The ids of a document's headings in order, repeated headings numbered as github-slugger does ("-1", "-2"). */
export function headingSlugs(headings: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return headings.map((heading) => {
    const base = headingSlug(heading);
    let slug = base;
    let count = seen.get(base) ?? 0;
    while (seen.has(slug)) slug = `${base}-${++count}`;
    seen.set(base, count);
    seen.set(slug, 0);
    return slug;
  });
}

/** A compact id from a name: lower case, accents removed, every run of other characters one hyphen. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A glossary entry on the Industry Knowledge terms tab. */
export const glossaryTermAnchor = (term: string) => `term-${slugify(term)}`;
/** An abbreviation's row on the Industry Knowledge terms tab. */
export const abbreviationAnchor = (abbreviation: string) => `abbr-${slugify(abbreviation)}`;
/** A lease type's card in the Industry Overview's lease types. */
export const leaseTypeAnchor = (id: string) => `lease-type-${slugify(id)}`;
/** An integration's card on the Product integrations tab. */
export const integrationAnchor = (name: string) => `integration-${slugify(name)}`;
/** A company-overview card (value proposition, core value, differentiator, team member, history entry). */
export const companyAnchor = (kind: string, name: string) => `${kind}-${slugify(name)}`;
