/**
 * The reading pages of the site: every page that shows material (the learner's tools — the dashboard,
 * review, search, settings — and the administrators' pages are not reading pages), each with its title and
 * the page that links it, for content health's "No visits in 90 days" (docs/product.md "Content health (/content-health)").
 */
import { getPersonas, getSegments } from './buyers';
import { cached } from './cache';
import { getModules, getQuizzes } from './learning';

type ReadingPageKind = 'page' | 'module' | 'lesson' | 'persona' | 'segment' | 'quiz';

export interface ReadingPage {
  path: string;
  title: string;
  kind: ReadingPageKind;
  /** The page that links it, where a reader would find it; null for a page of the sidebar. */
  linkFrom: { title: string; path: string } | null;
}

const SALES_KIT = { title: 'Sales Kit', path: '/sales-kit' };
const BUYER_SEGMENTS = { title: 'Buyer Segments', path: '/buyer-segments' };

/** The pages without an id, in sidebar order (tests/unit/site-pages.test.ts checks them against src/pages). */
export const STATIC_READING_PAGES: readonly ReadingPage[] = [
  { path: '/company-overview', title: 'Company Overview', kind: 'page', linkFrom: null },
  { path: '/industry-knowledge', title: 'Industry Knowledge', kind: 'page', linkFrom: null },
  { path: '/buyer-segments', title: 'Buyer Segments', kind: 'page', linkFrom: null },
  { path: '/personas', title: 'Personas', kind: 'page', linkFrom: null },
  { path: '/ideal-customer-profile', title: 'Ideal Customer Profile', kind: 'page', linkFrom: null },
  { path: '/product', title: 'Product Features & Integrations', kind: 'page', linkFrom: null },
  { path: '/resources', title: 'Resources', kind: 'page', linkFrom: null },
  { path: '/quizzes', title: 'Quizzes', kind: 'page', linkFrom: null },
  { path: '/sales-situations', title: 'Sales Situations Coach', kind: 'page', linkFrom: null },
  { path: '/sales-kit', title: 'Sales Kit', kind: 'page', linkFrom: null },
  { path: '/sales-kit/discovery-questions', title: 'Discovery Questions', kind: 'page', linkFrom: SALES_KIT },
  { path: '/sales-kit/objections', title: 'Objection Library', kind: 'page', linkFrom: SALES_KIT },
  { path: '/sales-kit/pricing', title: 'Pricing and Packaging', kind: 'page', linkFrom: SALES_KIT },
  { path: '/sales-kit/case-studies', title: 'Case Studies', kind: 'page', linkFrom: SALES_KIT },
  { path: '/sales-kit/it-security', title: 'IT and Security Fact Sheet', kind: 'page', linkFrom: SALES_KIT },
  { path: '/sales-kit/demo-scripts', title: 'Demo Scripts', kind: 'page', linkFrom: SALES_KIT },
  { path: '/sales-kit/prospecting', title: 'Prospecting Sequences', kind: 'page', linkFrom: SALES_KIT },
  { path: '/sales-kit/outreach', title: 'Calls and E-mails', kind: 'page', linkFrom: SALES_KIT },
  { path: '/sales-kit/battlecards', title: 'Battlecards', kind: 'page', linkFrom: SALES_KIT },
  { path: '/sales-kit/deal-templates', title: 'Deal Templates', kind: 'page', linkFrom: SALES_KIT },
];

/** Every reading page: the static ones, then modules with their lessons, segments, personas and quizzes. */
export const getReadingPages = (): Promise<ReadingPage[]> =>
  cached('readingPages', async () => {
    const [modules, segments, personas, quizzes] = await Promise.all([getModules(), getSegments(), getPersonas(), getQuizzes()]);
    return [
      ...STATIC_READING_PAGES,
      ...modules.flatMap((module): ReadingPage[] => {
        const path = `/modules/${module.id}`;
        return [
          { path, title: module.title, kind: 'module', linkFrom: { title: 'Learning Dashboard', path: '/' } },
          ...module.lessons.map(
            (lesson): ReadingPage => ({
              path: `${path}/lessons/${lesson.id}`,
              title: lesson.title,
              kind: 'lesson',
              linkFrom: { title: module.title, path },
            }),
          ),
        ];
      }),
      ...segments.map((segment): ReadingPage => ({ path: `/buyer-segments/${segment.id}`, title: segment.name, kind: 'segment', linkFrom: BUYER_SEGMENTS })),
      ...personas.map(
        (persona): ReadingPage => ({
          path: `/personas/${persona.id}`,
          title: persona.name,
          kind: 'persona',
          linkFrom: { title: 'Ideal Customer Profile', path: '/ideal-customer-profile' },
        }),
      ),
      ...quizzes.map((quiz): ReadingPage => ({ path: `/quizzes/${quiz.id}`, title: quiz.title, kind: 'quiz', linkFrom: { title: 'Quizzes', path: '/quizzes' } })),
    ];
  });
