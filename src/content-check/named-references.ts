/**
 * References by name rather than by id, checked at build: a case study names a customer of the Live
 * Customer Examples matrix (and its site), and the product features and integrations it uses exactly as
 * the Product page titles them, as a package names its features. A name that drifts from its source would put a claim on a page that nothing else backs.
 */
import { describePath } from './describe';
import { closest } from './schema-check';
import type { Problem } from './problems';
import type { RawEntry } from './read';

type Rows = Array<Record<string, unknown>>;
const rows = (value: unknown): Rows => (Array.isArray(value) ? (value as Rows) : []);
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** What may be named: customers (with their sites), feature titles, integration names. */
function namesOf(entries: readonly RawEntry[]) {
  const of = (collection: string) => entries.filter((entry) => entry.source.collection === collection);
  const customers = new Map(
    of('resourceCustomerExamples').flatMap((row) => rows(row.data['examples']).map((site) => [String(site['name']), String(site['url'])])),
  );
  const features = of('productFeatures').map((entry) => String(entry.data['title']));
  const integrations = of('productIntegrationGroups').flatMap((group) =>
    rows(group.data['integrations']).map((item) => String(item['name'])),
  );
  return { customers, features, integrations };
}

const problem = (entry: RawEntry, path: Array<string | number>, message: string, fix: string): Problem => ({
  file: entry.file,
  line: entry.lineOf(path),
  where: describePath(entry, path),
  message,
  fix,
});

/** A name not in `known`, with the nearest one as a hint. */
function unknownName(entry: RawEntry, path: Array<string | number>, name: string, what: string, known: readonly string[]): Problem {
  const nearest = closest(name, known);
  return problem(
    entry,
    path,
    `names ${what} "${name}", which the Product page does not have`,
    `Write it exactly as on the Product page (${known.slice(0, 6).join(', ')}, …).${nearest ? ` Did you mean "${nearest}"?` : ''}`,
  );
}

function caseStudyProblems(entry: RawEntry, names: ReturnType<typeof namesOf>): Problem[] {
  const found: Problem[] = [];
  const customer = String(entry.data['customer'] ?? '');
  const site = names.customers.get(customer);
  if (site === undefined)
    found.push(
      problem(
        entry,
        ['customer'],
        `names "${customer}", which is not a customer of the Live Customer Examples`,
        `Use a customer of content/resources/customer-examples.yaml exactly as written there (${[...names.customers.keys()].slice(0, 5).join(', ')}, …); personas are prospects, not customers.`,
      ),
    );
  else if (entry.data['url'] !== site)
    found.push(
      problem(
        entry,
        ['url'],
        `is not the site of ${customer} (${site})`,
        `Use the site of ${customer} as in content/resources/customer-examples.yaml.`,
      ),
    );
  texts(entry.data['features']).forEach((title, index) => {
    if (!names.features.includes(title)) found.push(unknownName(entry, ['features', index], title, 'feature', names.features));
  });
  texts(entry.data['integrations']).forEach((name, index) => {
    if (!names.integrations.includes(name))
      found.push(unknownName(entry, ['integrations', index], name, 'integration', names.integrations));
  });
  return found;
}

function packageProblems(entry: RawEntry, names: ReturnType<typeof namesOf>): Problem[] {
  return texts(entry.data['features']).flatMap((title, index) =>
    names.features.includes(title) ? [] : [unknownName(entry, ['features', index], title, 'feature', names.features)],
  );
}

/** Every by-name reference that does not resolve. */
export function checkNamedReferences(entries: readonly RawEntry[]): Problem[] {
  const names = namesOf(entries);
  return entries.flatMap((entry) => {
    if (entry.source.collection === 'caseStudies') return caseStudyProblems(entry, names);
    if (entry.source.collection === 'pricingPackages') return packageProblems(entry, names);
    return [];
  });
}
