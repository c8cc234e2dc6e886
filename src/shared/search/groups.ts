// The groups of a search answer, in the order the header dropdown and the /search page show
// them: the four named groups first (they keep their shapes of docs/product.md "GET /api/search"), then the rest of what staff can read,
// in the order a rep before a call wants answers: what a term means, the lessons that teach it, what to
// say, what the product does, then the background. Zod-free: the header island imports it.

/** Group headings by group, in display order. */
export const SEARCH_GROUP_LABELS = {
  modules: 'Modules',
  segments: 'Segments',
  personas: 'Personas',
  quizzes: 'Quizzes',
  glossary: 'Glossary',
  lessons: 'Lessons',
  situations: 'Sales Situations',
  product: 'Product',
  industry: 'Industry',
  resources: 'Resources',
  company: 'Company',
  icp: 'Ideal Customer Profile',
} as const;

export type SearchGroup = keyof typeof SEARCH_GROUP_LABELS;

/** Every group in display order. */
export const SEARCH_GROUPS = Object.keys(SEARCH_GROUP_LABELS) as SearchGroup[];
