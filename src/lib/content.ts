/**
 * The content query module: the only caller of getCollection / getEntry / render (like withastro/docs).
 * Pages, API routes and services ask here for typed, ready-to-use data; each function computes once
 * per process where the data cannot change at run time.
 *
 * One region per concept. Edit only your own region.
 */
import { getCollection, getEntry, render } from 'astro:content';

// #region company + industry
// Company Overview (content/company/) and Industry Knowledge (content/industry/), SPEC §2. Plain,
// non-confidential data, sorted as the pages show it. Cached per process in production only, so
// `astro dev` shows edits at once.
import type { CoreValue, Company, Differentiators, HistoryEntry, TeamMember, ValueProposition } from '../schemas/company';
import type { Abbreviation, Competitor, GlossaryTerm, IndustryOverview, LeaseType } from '../schemas/industry';

const companyIndustryCache = new Map<string, Promise<unknown>>();

function cachedCompanyIndustry<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!import.meta.env.PROD) return load();
  let cached = companyIndustryCache.get(key) as Promise<T> | undefined;
  if (!cached) {
    cached = load().catch((error: unknown) => {
      companyIndustryCache.delete(key);
      throw error;
    });
    companyIndustryCache.set(key, cached);
  }
  return cached;
}

const byContentOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
const byAlphabet = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });

/** The company profile: name, summary, elevator pitch, mission, facts, 'Did you know?' banner. */
export function getCompany(): Promise<Company> {
  return cachedCompanyIndustry('company', async () => {
    const entry = await getEntry('company', 'parcelwise');
    if (!entry) throw new Error('content/company/company.yaml has no "parcelwise" entry');
    return entry.data;
  });
}

/** The value propositions (ACCELERATE, ELEVATE, TARGET, INTEGRATE) in their `order`. */
export function getValuePropositions(): Promise<ValueProposition[]> {
  return cachedCompanyIndustry('valueProps', async () => (await getCollection('companyValueProps')).map(({ data }) => data).sort(byContentOrder));
}

/** The Differentiators tab: points and the comparison table. */
export function getDifferentiators(): Promise<Differentiators> {
  return cachedCompanyIndustry('differentiators', async () => {
    const entry = await getEntry('companyDifferentiators', 'parcelwise');
    if (!entry) throw new Error('content/company/differentiators.yaml has no "parcelwise" entry');
    return entry.data;
  });
}

/** The four core values in their `order`. */
export function getCoreValues(): Promise<CoreValue[]> {
  return cachedCompanyIndustry('coreValues', async () => (await getCollection('companyCoreValues')).map(({ data }) => data).sort(byContentOrder));
}

/** The team members in their `order`. */
export function getTeam(): Promise<TeamMember[]> {
  return cachedCompanyIndustry('team', async () => (await getCollection('companyTeam')).map(({ data }) => data).sort(byContentOrder));
}

/** The 'Our Journey' history entries, oldest first (by id within a year). */
export function getHistory(): Promise<HistoryEntry[]> {
  return cachedCompanyIndustry('history', async () =>
    (await getCollection('companyHistory')).map(({ data }) => data).sort((a, b) => a.year - b.year || byAlphabet(a.id, b.id)),
  );
}

/** The industry-overview tab: market size and structure, segments, stakeholders, trends, challenges. */
export function getIndustryOverview(): Promise<IndustryOverview> {
  return cachedCompanyIndustry('industryOverview', async () => {
    const entry = await getEntry('industryOverview', 'market');
    if (!entry) throw new Error('content/industry/overview.yaml has no "market" entry');
    return entry.data;
  });
}

/** Commercial lease types in their `order`. */
export function getLeaseTypes(): Promise<LeaseType[]> {
  return cachedCompanyIndustry('leaseTypes', async () => (await getCollection('industryLeaseTypes')).map(({ data }) => data).sort(byContentOrder));
}

/** The competitor cards in their `order` (four, fictional companies). */
export function getCompetitors(): Promise<Competitor[]> {
  return cachedCompanyIndustry('competitors', async () => (await getCollection('industryCompetitors')).map(({ data }) => data).sort(byContentOrder));
}

/** CRE abbreviations, alphabetical. */
export function getAbbreviations(): Promise<Abbreviation[]> {
  return cachedCompanyIndustry('abbreviations', async () =>
    (await getCollection('industryAbbreviations'))
      .map(({ id, data }) => ({ abbreviation: id, ...data }))
      .sort((a, b) => byAlphabet(a.abbreviation, b.abbreviation)),
  );
}

/** CRE glossary terms, alphabetical. */
export function getGlossary(): Promise<GlossaryTerm[]> {
  return cachedCompanyIndustry('glossary', async () =>
    (await getCollection('industryGlossary')).map(({ id, data }) => ({ term: id, ...data })).sort((a, b) => byAlphabet(a.term, b.term)),
  );
}
// #endregion company + industry

// #region buyers: segments, personas, ICP
// Buyer segments (SPEC §3 Segment + the Champion / Decision Maker texts), personas (SPEC §3 Persona +
// the buyer segment they work in) and the ideal customer profile. Plain, non-confidential data: safe to
// pass to islands as props. Cached per process in production only, so `astro dev` shows edits at once.
import type { IcpEntry, PersonaEntry, SegmentEntry } from '../schemas/buyers';

/** A buyer segment: the SPEC §3 Segment fields plus its Champion / Decision Maker texts. */
export type BuyerSegment = SegmentEntry;

/** A persona: the SPEC §3 Persona fields (avatar null when none) plus its buyer segment and own tips. */
export type BuyerPersona = Omit<PersonaEntry, 'avatar'> & { avatar: string | null };

/** A persona as the ICP page links it. */
export interface PersonaLink {
  id: number;
  name: string;
  title: string;
}

/** The ICP with each target-persona group's persona ids resolved to links (unknown ids left out). */
export type IdealCustomerProfile = Omit<IcpEntry, 'targetPersonas'> & {
  targetPersonas: Array<IcpEntry['targetPersonas'][number] & { personas: PersonaLink[] }>;
};

interface BuyersIndex {
  /** Every segment entry by id (duplicates by name included). */
  allSegments: BuyerSegment[];
  /** Ordered by id, one per distinct name (the first id wins). */
  segments: BuyerSegment[];
  personas: BuyerPersona[];
}

let buyersIndex: Promise<BuyersIndex> | null = null;

const segmentNameKey = (name: string) => name.trim().toLowerCase();

async function buildBuyersIndex(): Promise<BuyersIndex> {
  const [segmentEntries, personaEntries] = await Promise.all([getCollection('segments'), getCollection('personas')]);
  const allSegments = segmentEntries.map(({ data }) => data).sort((a, b) => a.id - b.id);
  const seen = new Set<string>();
  const segments = allSegments.filter((segment) => {
    const key = segmentNameKey(segment.name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const personas = personaEntries
    .map(({ data }): BuyerPersona => ({ ...data, avatar: data.avatar ?? null }))
    .sort((a, b) => a.id - b.id);
  return { allSegments, segments, personas };
}

function buyers(): Promise<BuyersIndex> {
  if (!import.meta.env.PROD) return buildBuyersIndex();
  buyersIndex ??= buildBuyersIndex().catch((error: unknown) => {
    buyersIndex = null;
    throw error;
  });
  return buyersIndex;
}

/** Buyer segments ordered by id; segments sharing a name are listed once (SPEC §2). */
export async function getSegments(): Promise<BuyerSegment[]> {
  return (await buyers()).segments;
}

/** One buyer segment by id, or null when there is none. */
export async function getSegment(id: number): Promise<BuyerSegment | null> {
  return (await buyers()).allSegments.find((segment) => segment.id === id) ?? null;
}

/**
 * The id after `id` in the Next Segment cycle (content order, 8 → 9 → 10 → 11 → 8), wrapping from the
 * last to the first; null when `id` is not a listed segment.
 */
export async function getNextSegmentId(id: number): Promise<number | null> {
  const { segments, allSegments } = await buyers();
  const current = allSegments.find((segment) => segment.id === id);
  if (!current) return null;
  // A duplicate-named entry continues the cycle from the segment that represents its name.
  const position = segments.findIndex((segment) => segmentNameKey(segment.name) === segmentNameKey(current.name));
  return segments[(position + 1) % segments.length]?.id ?? null;
}

/** Every persona ordered by id. */
export async function getPersonas(): Promise<BuyerPersona[]> {
  return (await buyers()).personas;
}

/** One persona by id, or null when there is none. */
export async function getPersona(id: number): Promise<BuyerPersona | null> {
  return (await buyers()).personas.find((persona) => persona.id === id) ?? null;
}

/** The ideal customer profile (content/icp/ideal-customer-profile.yaml) with persona links resolved. */
export async function getIcp(): Promise<IdealCustomerProfile> {
  const [entry, { personas }] = await Promise.all([getEntry('icp', 'ideal-customer-profile'), buyers()]);
  if (!entry) throw new Error('content/icp/ideal-customer-profile.yaml is missing');
  const byId = new Map(personas.map((persona) => [persona.id, persona]));
  return {
    ...entry.data,
    targetPersonas: entry.data.targetPersonas.map((group) => ({
      ...group,
      personas: group.personaIds.flatMap((personaId) => {
        const persona = byId.get(personaId);
        return persona ? [{ id: persona.id, name: persona.name, title: persona.title }] : [];
      }),
    })),
  };
}

// #endregion buyers

// #region product + resources
// Product page (features with their position texts, integration groups) and Resources page (library,
// customer-examples matrix). Cached per process in production; fresh on every call under `astro dev`.
import type {
  FeaturePosition as ProductFeaturePosition,
  IntegrationGroupId as ProductIntegrationGroupId,
  ProductFeatureData,
  ProductIntegrationGroupData,
} from '../schemas/product';
import type {
  CustomerExampleRowData,
  ResourceData,
  SalesResourceFilter,
} from '../schemas/resources';

/** A core feature ready to render: its content plus the 'Why it matters' / 'How we help' of its position. */
export interface ProductFeature extends ProductFeatureData {
  id: string;
  /** 'first', 'second' or 'other' (SPEC §2), from the feature's place in the list. */
  position: ProductFeaturePosition;
  whyItMatters: string;
  howWeHelp: string;
}

/** An integration group with its integrations, in display order. */
export interface ProductIntegrationGroup extends Omit<ProductIntegrationGroupData, 'group'> {
  id: ProductIntegrationGroupId;
}

/** A built-in resource (SPEC §3 Resource). */
export interface LibraryResource extends ResourceData {
  id: string;
}

/** One row of the customer-examples matrix (a buyer segment and its example sites). */
export interface CustomerExampleRow extends CustomerExampleRowData {
  id: string;
}

/** SPEC §2: the 'Why it matters' / 'How we help' texts are chosen by position: first, second, other. */
export function featurePosition(index: number): ProductFeaturePosition {
  if (index === 0) return 'first';
  if (index === 1) return 'second';
  return 'other';
}

function productCached<T>(load: () => Promise<T>): () => Promise<T> {
  let cached: Promise<T> | undefined;
  return () => {
    if (!import.meta.env.PROD) return load();
    cached ??= load();
    return cached;
  };
}

const byOrder = (a: { data: { order: number } }, b: { data: { order: number } }) => a.data.order - b.data.order;

/** The six core features in display order, each with the narrative texts of its position. */
export const getProductFeatures: () => Promise<ProductFeature[]> = productCached(async () => {
  const [features, narratives] = await Promise.all([
    getCollection('productFeatures'),
    getCollection('productFeatureNarratives'),
  ]);
  const narrativeFor = (position: ProductFeaturePosition) => {
    const entry = narratives.find((candidate) => candidate.id === position);
    if (!entry) throw new Error(`content/product/feature-narratives.yaml: missing the "${position}" texts.`);
    return entry.data;
  };
  return [...features].sort(byOrder).map((entry, index) => {
    const position = featurePosition(index);
    return { id: entry.id, ...entry.data, position, ...narrativeFor(position) };
  });
});

/** The integration groups in display order (CRM systems, property management, CRE marketplaces, …). */
export const getIntegrationGroups: () => Promise<ProductIntegrationGroup[]> = productCached(async () => {
  const groups = await getCollection('productIntegrationGroups');
  return [...groups].sort(byOrder).map(({ data: { group, ...rest } }) => ({ id: group, ...rest }));
});

/** Every built-in resource, newest first. */
export const getResources: () => Promise<LibraryResource[]> = productCached(async () => {
  const entries = await getCollection('resources');
  return entries
    .map((entry) => ({ id: entry.id, ...entry.data }))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.title.localeCompare(b.title));
});

/** Resources shown on the Live Customer Examples tab. */
export async function getCustomerExampleResources(): Promise<LibraryResource[]> {
  return (await getResources()).filter((resource) => resource.category === 'customer-examples');
}

/** Reads the Sales Resources filter from a URL value; anything unknown means 'all'. */
export function parseSalesResourceFilter(value: string | null | undefined): SalesResourceFilter {
  return value === 'pdf-collateral' || value === 'industry-links' ? value : 'all';
}

/**
 * Resources shown on the Sales Resources tab under a filter value (SPEC §2: pdf-collateral,
 * industry-links, all). A resource matches by its `salesCategory`, or by a category of the same name.
 */
export async function getSalesResources(filter: SalesResourceFilter = 'all'): Promise<LibraryResource[]> {
  const sales = (await getResources()).filter((resource) => resource.category !== 'customer-examples');
  if (filter === 'all') return sales;
  return sales.filter((resource) => resource.salesCategory === filter || resource.category === filter);
}

/** The customer-examples matrix: the buyer-segment rows in order, each with its example sites. */
export const getCustomerExampleMatrix: () => Promise<CustomerExampleRow[]> = productCached(async () => {
  const rows = await getCollection('resourceCustomerExamples');
  return [...rows].sort(byOrder).map((entry) => ({ id: entry.id, ...entry.data }));
});
// #endregion product + resources

// #region learning: modules, lessons, quizzes, external tools
// Modules with their derived duration (sum of lesson minutes) and lessonCount, lessons with their
// rendered MDX, quizzes WITH their answer keys (server only: services strip them before anything
// reaches a browser), and the dashboard's external tools. Cached per process in production only, so
// `astro dev` shows content edits at once.
import type { ExternalTool as ExternalToolData } from '../schemas/external-tools';
import type { LessonType as LearningLessonType, Quiz as QuizData } from '../schemas/learning';

export type LessonType = LearningLessonType;

/** A lesson as module lists show it. */
export interface LessonSummary {
  id: number;
  title: string;
  type: LessonType;
  /** Minutes. */
  duration: number;
  order: number;
}

/** A learning module with its ordered lessons; duration and lessonCount are derived from them. */
export interface Module {
  id: number;
  title: string;
  description: string;
  /** Minutes: the sum of the lesson durations. */
  duration: number;
  lessonCount: number;
  order: number;
  lessons: LessonSummary[];
}

export interface LessonDetail extends LessonSummary {
  moduleId: number;
  videoUrl: string | null;
  quizId: number | null;
}

type RenderedContent = Awaited<ReturnType<typeof render>>['Content'];

/** One lesson ready to read: its module, neighbours in the module and the rendered MDX body. */
export interface LessonPage {
  module: Module;
  lesson: LessonDetail;
  previous: LessonSummary | null;
  next: LessonSummary | null;
  Content: RenderedContent;
}

/** A quiz WITH its answer key (`isCorrect`): never pass it to an island or a response as is. */
export type Quiz = QuizData;
export type ExternalTool = Omit<ExternalToolData, 'order'>;

const byOrderThenId = (a: { order: number; id: number }, b: { order: number; id: number }) => a.order - b.order || a.id - b.id;

interface LearningIndex {
  modules: Module[];
  modulesById: Map<number, Module>;
  lessonsById: Map<number, LessonDetail>;
  quizzes: Quiz[];
  quizzesById: Map<number, Quiz>;
}

let learningIndex: Promise<LearningIndex> | null = null;

async function buildLearningIndex(): Promise<LearningIndex> {
  const [moduleEntries, lessonEntries, quizEntries] = await Promise.all([
    getCollection('modules'),
    getCollection('lessons'),
    getCollection('quizzes'),
  ]);
  const lessons: LessonDetail[] = lessonEntries.map(({ data }) => ({
    id: data.id,
    moduleId: data.moduleId,
    order: data.order,
    title: data.title,
    type: data.type,
    duration: data.duration,
    videoUrl: data.videoUrl ?? null,
    quizId: data.quizId ?? null,
  }));
  const modules = moduleEntries
    .map(({ data }): Module => {
      const own = lessons
        .filter((lesson) => lesson.moduleId === data.id)
        .sort(byOrderThenId)
        .map(({ id, title, type, duration, order }) => ({ id, title, type, duration, order }));
      return {
        id: data.id,
        title: data.title,
        description: data.description,
        order: data.order,
        duration: own.reduce((sum, lesson) => sum + lesson.duration, 0),
        lessonCount: own.length,
        lessons: own,
      };
    })
    .sort(byOrderThenId);
  const quizzes = quizEntries.map(({ data }) => data).sort((a, b) => a.id - b.id);
  return {
    modules,
    modulesById: new Map(modules.map((module) => [module.id, module])),
    lessonsById: new Map(lessons.map((lesson) => [lesson.id, lesson])),
    quizzes,
    quizzesById: new Map(quizzes.map((quiz) => [quiz.id, quiz])),
  };
}

function learning(): Promise<LearningIndex> {
  if (!import.meta.env.PROD) return buildLearningIndex();
  learningIndex ??= buildLearningIndex().catch((error: unknown) => {
    learningIndex = null;
    throw error;
  });
  return learningIndex;
}

/** Every module in learning-path order, each with its ordered lessons. */
export async function getModules(): Promise<Module[]> {
  return (await learning()).modules;
}

/** One module, or null when no module has that id. */
export async function getModule(id: number): Promise<Module | null> {
  return (await learning()).modulesById.get(id) ?? null;
}

/** The module's rendered introduction (its MDX body), or null when it has none. */
export async function getModuleIntro(id: number): Promise<RenderedContent | null> {
  const entry = await getEntry('modules', String(id));
  if (!entry || entry.data.id !== id || !entry.body?.trim()) return null;
  return (await render(entry)).Content;
}

/** One lesson of one module with its rendered MDX body, or null when it is not part of that module. */
export async function getLesson(moduleId: number, lessonId: number): Promise<LessonPage | null> {
  const index = await learning();
  const module = index.modulesById.get(moduleId);
  const lesson = index.lessonsById.get(lessonId);
  if (!module || !lesson || lesson.moduleId !== moduleId) return null;
  const entry = await getEntry('lessons', String(lessonId));
  if (!entry || entry.data.id !== lessonId) return null;
  const position = module.lessons.findIndex((item) => item.id === lessonId);
  const { Content } = await render(entry);
  return {
    module,
    lesson,
    previous: module.lessons[position - 1] ?? null,
    next: module.lessons[position + 1] ?? null,
    Content,
  };
}

/** Every quiz by id, WITH answer keys (server side only). */
export async function getQuizzes(): Promise<Quiz[]> {
  return (await learning()).quizzes;
}

/** One quiz WITH its answer key (server side only), or null. */
export async function getQuiz(id: number): Promise<Quiz | null> {
  return (await learning()).quizzesById.get(id) ?? null;
}

/** The dashboard's external tools in their authored order. */
export async function getExternalTools(): Promise<ExternalTool[]> {
  const entries = await getCollection('externalTools');
  return entries
    .map(({ data }) => data)
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
    .map(({ id, name, description, url }) => ({ id, name, description, url }));
}

// #endregion learning

// #region coach: sales situations
import type { SalesSituation } from '../schemas/coach';

/**
 * The eight situations of the Sales Situations Coach in content order: the files
 * content/sales-situations/NN-<id>.yaml sorted by NN (the entry id is the file name; getCollection's own
 * order is not guaranteed). That order also breaks keyword ties. Plain data: the /sales-situations page
 * passes it to the SalesCoach island as props (not confidential).
 */
export async function getSalesSituations(): Promise<SalesSituation[]> {
  const entries = await getCollection('salesSituations');
  return entries
    .toSorted((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }))
    .map((entry) => entry.data);
}

// #endregion coach

// #region search
// The documents of the header search (SPEC §2 "The search results dropdown"): the search service
// (src/lib/server/services/search.ts) builds its index from them once per process. Only text a learner
// can read anyway: titles and names, module descriptions with their lesson titles, segment descriptions
// and talking points, persona titles, backgrounds and goals, quiz descriptions and question texts.
// Never quiz options, answer keys (isCorrect) or explanations.

/** Plain documents for the search index, each group ordered by id (module: path order). */
export interface SearchDocuments {
  modules: Array<{ id: number; title: string; description: string; lessonTitles: string[] }>;
  /** One per distinct name, like the segments list. */
  segments: Array<{ id: number; name: string; description: string; talkingPoints: string[] }>;
  personas: Array<{ id: number; name: string; title: string; background: string; goals: string[] }>;
  quizzes: Array<{ id: number; title: string; description: string; questionTexts: string[] }>;
}

export async function getSearchDocuments(): Promise<SearchDocuments> {
  const [moduleEntries, lessonEntries, segmentEntries, personaEntries, quizEntries] = await Promise.all([
    getCollection('modules'),
    getCollection('lessons'),
    getCollection('segments'),
    getCollection('personas'),
    getCollection('quizzes'),
  ]);
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  const lessons = lessonEntries.map(({ data }) => data).sort((a, b) => a.order - b.order || a.id - b.id);
  const segmentNames = new Set<string>();
  return {
    modules: moduleEntries
      .map(({ data }) => data)
      .sort((a, b) => a.order - b.order || a.id - b.id)
      .map(({ id, title, description }) => ({
        id,
        title,
        description,
        lessonTitles: lessons.filter((lesson) => lesson.moduleId === id).map((lesson) => lesson.title),
      })),
    segments: segmentEntries
      .map(({ data }) => data)
      .sort(byId)
      .filter(({ name }) => {
        const key = name.trim().toLowerCase();
        if (segmentNames.has(key)) return false;
        segmentNames.add(key);
        return true;
      })
      .map(({ id, name, description, talkingPoints }) => ({ id, name, description, talkingPoints })),
    personas: personaEntries
      .map(({ data }) => data)
      .sort(byId)
      .map(({ id, name, title, background, goals }) => ({ id, name, title, background, goals })),
    quizzes: quizEntries
      .map(({ data }) => data)
      .sort(byId)
      .map(({ id, title, description, questions }) => ({ id, title, description, questionTexts: questions.map((question) => question.text) })),
  };
}

// #endregion search
