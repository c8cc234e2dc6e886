/**
 * The product's enumerations, defined once and used by both the content schemas (src/schemas/) and the
 * API schemas shared with the browser (src/shared/api/). Plain tuples, no zod, so any layer may import them.
 */

/** Lesson type (docs/product.md "Records and their fields"). */
export const LESSON_TYPES = ['video', 'article', 'interactive', 'quiz'] as const;
export type LessonType = (typeof LESSON_TYPES)[number];

/** Module status (docs/product.md "Records and their fields"). */
export const MODULE_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export type ModuleStatus = (typeof MODULE_STATUSES)[number];

/** Quiz difficulty (badge colours: beginner green, intermediate blue, advanced amber; docs/product.md "Records and their fields"). */
export const QUIZ_DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;

/** Quiz categories: one tab each on the quizzes list. */
export const QUIZ_CATEGORIES = [
  'Industry Knowledge',
  'Buyer Segments',
  'Buyer Personas',
  'Product',
  'Company',
  'Ideal Customer Profile',
] as const;

/** Segment icon and colour theme (docs/product.md "Records and their fields"). */
export const SEGMENT_ICONS = ['Building', 'Briefcase', 'Users', 'User'] as const;
export const SEGMENT_COLORS = ['indigo', 'sky', 'emerald', 'amber'] as const;

/** Persona company size band and buying role (docs/product.md "Records and their fields"). */
export const PERSONA_SEGMENTS = ['Enterprise', 'Mid-Market', 'Small Business', 'Startup'] as const;
export const PERSONA_ROLES = ['decision_maker', 'influencer', 'user', 'champion'] as const;

/** Account roles (docs/decisions.md "Accounts and sessions"): administrators are made by an operator. */
export const USER_ROLES = ['admin', 'user'] as const;

/** How much a new revision of a lesson or question changed (content/README.md "Revisions"). */
export const CONTENT_CHANGES = ['typo', 'minor', 'material'] as const;
export type ContentChange = (typeof CONTENT_CHANGES)[number];

/** The quiz score, in percent, at which an onboarding program's quiz item is done. */
export const PROGRAM_QUIZ_PASS = 80;
