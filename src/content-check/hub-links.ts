/**
 * Links to pages of the hub itself (`/modules/2/lessons/203#what-a-lease-says`), from MDX bodies and from
 * any YAML field: the page must exist (its route, and the module, lesson, quiz, persona or segment its
 * ids name; a lesson under its own module), and an anchor must be a place on that page — a heading of the
 * lesson, or a card whose anchor comes from content (a case study, a glossary term, an integration, …).
 * A link to a page that does not exist would otherwise pass the build and answer "Page not found".
 */
import { abbreviationAnchor, companyAnchor, glossaryTermAnchor, integrationAnchor, leaseTypeAnchor } from '~/shared/anchors';
import { textSections } from '~/shared/lesson-text';
import { matchPageRoute, STATIC_PAGES } from '~/shared/routes';
import { describePath } from './describe';
import type { Problem } from './problems';
import type { RawEntry } from './read';
import { closest } from './schema-check';

type Path = Array<string | number>;
interface HubLink {
  href: string;
  path: Path | null;
  line: number | null;
}

/** A path link in Markdown (`](/…)`, not an image) or HTML (`href="/…"`). */
const LINK_IN_TEXT = /(?<!!)\[[^\]]*\]\((\/[^)\s]*)\)|\bhref=["'](\/[^"']*)["']/g;
/** A YAML value that is itself a hub path, like a resource's `link:` or a play's `href:`. */
const PATH_VALUE = /^\/(?!\/)\S*$/;

function linksOf(entry: RawEntry): HubLink[] {
  const found: HubLink[] = [];
  const walk = (value: unknown, path: Path) => {
    if (typeof value === 'string') {
      if (PATH_VALUE.test(value)) found.push({ href: value, path, line: entry.lineOf(path) });
      else for (const match of value.matchAll(LINK_IN_TEXT)) found.push({ href: (match[1] ?? match[2])!, path, line: entry.lineOf(path) });
    } else if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
    else if (value && typeof value === 'object' && !(value instanceof Date))
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
  };
  walk(entry.data, []);
  (entry.body ?? '').split('\n').forEach((text, index) => {
    for (const match of text.matchAll(LINK_IN_TEXT))
      found.push({ href: (match[1] ?? match[2])!, path: null, line: (entry.bodyLine ?? 1) + index });
  });
  return found;
}

const title = (entry: RawEntry) => entry.source.titleOf(entry.data, entry.id);
const someIds = (ids: readonly string[]) => `${ids.slice(0, 8).join(', ')}${ids.length > 8 ? ', …' : ''}`;

/** Content anchors a page has, by the prefix they start with: other anchors on these pages are not checked. */
type PrefixedAnchors = Map<string, Set<string>>;

/** What the links may name: entries by collection and authored id, lesson headings, content anchors by page. */
function hubOf(entries: readonly RawEntry[]) {
  const byId = new Map<string, Map<string, RawEntry>>();
  const of = (collection: string) => entries.filter((entry) => entry.source.collection === collection);
  for (const collection of ['modules', 'lessons', 'quizzes', 'personas', 'segments', 'practiceScenarios']) {
    // Two entries with one id: the first read stands for it (the duplicate is reported on its own).
    const ids = new Map<string, RawEntry>();
    for (const entry of of(collection)) if (!ids.has(String(entry.data['id']))) ids.set(String(entry.data['id']), entry);
    byId.set(collection, ids);
  }
  const named = (collection: string, anchor: (entry: RawEntry) => string) => new Set(of(collection).map(anchor));
  const list = (value: unknown): Array<Record<string, unknown>> => (Array.isArray(value) ? (value as Array<Record<string, unknown>>) : []);
  const anchors = new Map<string, PrefixedAnchors>([
    ['/sales-kit/case-studies', new Map([['case-', named('caseStudies', (entry) => `case-${entry.id}`)]])],
    [
      '/industry-knowledge',
      new Map([
        ['term-', named('industryGlossary', (entry) => glossaryTermAnchor(entry.id))],
        ['abbr-', named('industryAbbreviations', (entry) => abbreviationAnchor(entry.id))],
        ['lease-type-', named('industryLeaseTypes', (entry) => leaseTypeAnchor(String(entry.data['id'] ?? entry.id)))],
      ]),
    ],
    [
      '/product',
      new Map([
        [
          'integration-',
          new Set(
            of('productIntegrationGroups').flatMap((group) =>
              list(group.data['integrations']).map((item) => integrationAnchor(String(item['name']))),
            ),
          ),
        ],
      ]),
    ],
    [
      '/company-overview',
      new Map([
        ['value-prop-', named('companyValueProps', (entry) => companyAnchor('value-prop', String(entry.data['id'] ?? entry.id)))],
        ['core-value-', named('companyCoreValues', (entry) => companyAnchor('core-value', String(entry.data['id'] ?? entry.id)))],
        [
          'differentiator-',
          new Set(
            of('companyDifferentiators').flatMap((entry) =>
              list(entry.data['points']).map((point) => companyAnchor('differentiator', String(point['title']))),
            ),
          ),
        ],
        ['team-', named('companyTeam', (entry) => companyAnchor('team', String(entry.data['id'] ?? entry.id)))],
        ['history-', named('companyHistory', (entry) => companyAnchor('history', String(entry.data['id'] ?? entry.id)))],
      ]),
    ],
  ]);
  return { byId, anchors, get: (collection: string, id: number) => byId.get(collection)?.get(String(id)) };
}

type Hub = ReturnType<typeof hubOf>;
type Finding = { message: string; fix: string };

/** Pages only some people can open, as a finding names them. */
const OWN_PAGES = {
  person: "a team member's page, which only administrators",
  attempt: 'a practice attempt, which only its owner and administrators',
  prep: "a meeting's prep page, which only the person whose calendar it is",
} as const;

const NOUNS = { module: 'modules', persona: 'personas', quiz: 'quizzes', segment: 'segments' } as const;
const EXAMPLE_PAGES = '/modules/2/lessons/203, /personas/3, /sales-kit/objections';

/** What is wrong with the page a path names, or null when it exists. */
function pageFinding(href: string, path: string, hub: Hub): { finding: Finding | null; lesson?: RawEntry } {
  const route = matchPageRoute(path);
  if (!route) {
    const nearest = closest(path, [...STATIC_PAGES]);
    return {
      finding: {
        message: `links to ${href}, which is not a page of the hub`,
        fix: `Link a page by its address after the host, as the browser shows it (${EXAMPLE_PAGES}).${nearest ? ` Did you mean ${nearest}?` : ''}`,
      },
    };
  }
  if (route.page === 'static') return { finding: null };
  if (route.page === 'lesson') {
    const lesson = hub.get('lessons', route.lessonId);
    const inModule = [...hub.byId.get('lessons')!.values()].filter((entry) => entry.data['moduleId'] === route.moduleId);
    if (!lesson)
      return {
        finding: {
          message: `links to ${href}, but there is no lesson ${route.lessonId}`,
          fix: hub.get('modules', route.moduleId)
            ? `Use the id of a lesson of module ${route.moduleId} (${someIds(inModule.map((entry) => String(entry.data['id'])))}).`
            : `Use a module and one of its lessons, e.g. /modules/2/lessons/203 (modules: ${someIds([...hub.byId.get('modules')!.keys()])}).`,
        },
      };
    if (lesson.data['moduleId'] !== route.moduleId)
      return {
        finding: {
          message: `links to ${href}, but lesson ${route.lessonId} is in module ${String(lesson.data['moduleId'])}, not module ${route.moduleId}`,
          fix: `Write /modules/${String(lesson.data['moduleId'])}/lessons/${route.lessonId}.`,
        },
      };
    return { finding: null, lesson };
  }
  if (route.page === 'scenario') {
    if (hub.byId.get('practiceScenarios')!.has(route.scenarioId)) return { finding: null };
    const ids = [...hub.byId.get('practiceScenarios')!.keys()];
    return {
      finding: {
        message: `links to ${href}, but there is no practice scenario ${route.scenarioId}`,
        fix: `Use the id of a scenario in content/practice (${someIds(ids)}).`,
      },
    };
  }
  if (route.page === 'person' || route.page === 'attempt' || route.page === 'prep')
    return {
      finding: {
        message: `links to ${href}, ${OWN_PAGES[route.page]} can open`,
        fix: `Link a page every reader can open (${EXAMPLE_PAGES}).`,
      },
    };
  const collection = NOUNS[route.page];
  if (hub.get(collection, route.id)) return { finding: null };
  return {
    finding: {
      message: `links to ${href}, but there is no ${route.page} ${route.id}`,
      fix: `Use the id of a ${route.page} in content/${collection} (${someIds([...hub.byId.get(collection)!.keys()])}).`,
    },
  };
}

/** What is wrong with the anchor of a link to an existing page, or null when it is a place on that page (or not one we know). */
function anchorFinding(href: string, path: string, anchor: string, hub: Hub, lesson: RawEntry | undefined): Finding | null {
  if (lesson) {
    const headings = textSections(lesson.body ?? '').flatMap((section) => (section.anchor ? [section.anchor] : []));
    if (headings.includes(anchor)) return null;
    const nearest = closest(anchor, headings);
    return {
      message: `links to ${href}, but lesson '${title(lesson)}' has no heading #${anchor}`,
      fix: `Use the anchor of one of its headings (${someIds(headings.map((heading) => `#${heading}`))}), or link the lesson without #.${nearest ? ` Did you mean #${nearest}?` : ''}`,
    };
  }
  for (const [prefix, known] of hub.anchors.get(path) ?? []) {
    if (!anchor.startsWith(prefix) || known.has(anchor)) continue;
    const nearest = [...known].find((id) => id.startsWith(anchor)) ?? closest(anchor, [...known]);
    return {
      message: `links to ${href}, but ${path} has no #${anchor}`,
      fix: `Use an anchor the page has (${someIds([...known].map((id) => `#${id}`))}).${nearest ? ` Did you mean #${nearest}?` : ''}`,
    };
  }
  return null;
}

/** Every link to a hub page that does not exist, or to a place its page does not have. */
export function checkHubLinks(entries: readonly RawEntry[]): Problem[] {
  const hub = hubOf(entries);
  return entries.flatMap((entry) =>
    linksOf(entry).flatMap(({ href, path: fieldPath, line }): Problem[] => {
      const [beforeHash = '', anchor] = href.split('#', 2);
      const path = beforeHash.split('?')[0] ?? beforeHash;
      const { finding, lesson } = pageFinding(href, path, hub);
      const found = finding ?? (anchor ? anchorFinding(href, path, anchor, hub, lesson) : null);
      if (!found) return [];
      const where = fieldPath ? describePath(entry, fieldPath) : `The body of ${entry.source.noun} '${title(entry)}'`;
      return [{ file: entry.file, line, where, ...found }];
    }),
  );
}
