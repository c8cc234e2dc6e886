/**
 * Links that would be dead in production. The build has no network (and must not depend on one), so a
 * link passes when its host is known to resolve: listed in content/link-hosts.yaml (real public hosts and
 * our own systems, each added by someone who opened it), or the site of a customer of the Live Customer
 * Examples matrix (content/resources/customer-examples.yaml), whose fictional sites use the reserved
 * `.example` top-level domain. Anything else — like the placeholder video host the six video lessons once
 * linked to — fails the build naming the field.
 */
import { describePath } from './describe';
import type { Problem } from './problems';
import type { RawEntry } from './read';

export const LINK_HOSTS_FILE = 'content/link-hosts.yaml';

const URL_IN_TEXT = /\bhttps?:\/\/[^\s)"'<>\]}]+/g;
/** RFC 2606 / 6761 names that never resolve to anyone's real site. */
const RESERVED = /(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|net|org)$/;

type Path = Array<string | number>;
/** Pictures are checked as pictures (media.ts): a picture from another site is refused there, with its own fix. */
const MARKDOWN_IMAGE = /!\[[^\]]*\]\([^)]*\)/g;
const PICTURE_FIELDS = new Set(['avatar']);

/** Every URL in an entry's data (with its path) and in its MDX body (with its line). */
function linksOf(entry: RawEntry): Array<{ url: string; path: Path | null; line: number | null }> {
  const found: Array<{ url: string; path: Path | null; line: number | null }> = [];
  const walk = (value: unknown, path: Path) => {
    if (typeof value === 'string')
      for (const match of value.matchAll(URL_IN_TEXT)) found.push({ url: match[0], path, line: entry.lineOf(path) });
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
    else if (value && typeof value === 'object' && !(value instanceof Date))
      for (const [key, item] of Object.entries(value)) if (!PICTURE_FIELDS.has(key)) walk(item, [...path, key]);
  };
  walk(entry.data, []);
  (entry.body ?? '').split('\n').forEach((text, index) => {
    for (const match of text.replace(MARKDOWN_IMAGE, '').matchAll(URL_IN_TEXT))
      found.push({ url: match[0], path: null, line: (entry.bodyLine ?? 1) + index });
  });
  return found;
}

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
};

/** The hosts of the customer sites in the matrix. */
function customerHosts(entries: readonly RawEntry[]): Set<string> {
  const rows = entries.filter((entry) => entry.source.collection === 'resourceCustomerExamples');
  const urls = rows.flatMap((row) =>
    (Array.isArray(row.data['examples']) ? (row.data['examples'] as Array<{ url?: unknown }>) : []).map((site) => String(site.url)),
  );
  return new Set(urls.map(hostOf).filter((host): host is string => host !== null && RESERVED.test(host)));
}

/** Every link whose host is not known to resolve in production. `allowedHosts`: the hosts of content/link-hosts.yaml. */
export function checkLinks(entries: readonly RawEntry[], allowedHosts: ReadonlySet<string>): Problem[] {
  const customers = customerHosts(entries);
  return entries.flatMap((entry) =>
    linksOf(entry).flatMap(({ url, path, line }): Problem[] => {
      const host = hostOf(url);
      const where = path ? describePath(entry, path) : `The body of ${entry.source.noun} '${entry.source.titleOf(entry.data, entry.id)}'`;
      if (host === null)
        return [
          {
            file: entry.file,
            line,
            where,
            message: `has a link that is not a valid address: ${url}`,
            fix: 'Write the full address, starting with https://.',
          },
        ];
      if (entry.source.collection === 'resourceCustomerExamples' && !RESERVED.test(host)) {
        return [
          {
            file: entry.file,
            line,
            where,
            message: `links to ${host}, but customer example sites are fictional`,
            fix: 'Use a fictional site on the reserved .example domain (e.g. https://harborlinecommercial.example), never a real company.',
          },
        ];
      }
      if (allowedHosts.has(host) || customers.has(host)) return [];
      return [
        {
          file: entry.file,
          line,
          where,
          message: `links to ${url}, whose host ${host} is not known to resolve in production`,
          fix: `Link a host listed in ${LINK_HOSTS_FILE} or a customer site of content/resources/customer-examples.yaml. If the host is real, open the link, then add the host to ${LINK_HOSTS_FILE} in the same pull request; if there is no real page yet, remove the link (a video lesson needs no videoUrl: its body is the transcript).`,
        },
      ];
    }),
  );
}
