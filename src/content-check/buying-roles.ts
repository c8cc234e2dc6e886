/**
 * One title-to-role mapping for the whole hub: the ideal customer profile's `engagement.roles.<role>.titles`.
 * A persona's title must contain a title of its own `role` and of no other role, and a segment's champion
 * and decision maker titles those of their roles; otherwise a rep reads "Director of Marketing" as a
 * champion on one page and an influencer on the next.
 */
import { PERSONA_ROLES } from '~/shared/vocabulary';
import { describePath } from './describe';
import type { Problem } from './problems';
import type { RawEntry } from './read';

type Role = (typeof PERSONA_ROLES)[number];
const ICP_FILE = 'content/icp/ideal-customer-profile.yaml';

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** The titles of each role, from the ICP (none when it cannot be read: its own problems say why). */
function titlesByRole(entries: readonly RawEntry[]): Map<Role, string[]> | null {
  const icp = entries.find((entry) => entry.source.collection === 'icp');
  const roles = record(record(icp?.data['engagement'])['roles']);
  const map = new Map(PERSONA_ROLES.map((role) => [role, texts(record(roles[role])['titles'])]));
  return [...map.values()].some((titles) => titles.length > 0) ? map : null;
}

/** The roles whose titles a job title contains. */
const rolesOf = (title: string, titles: Map<Role, string[]>): Role[] =>
  PERSONA_ROLES.filter((role) => titles.get(role)!.some((mapped) => title.toLowerCase().includes(mapped.toLowerCase())));

function titleProblem(entry: RawEntry, path: Array<string | number>, role: Role, titles: Map<Role, string[]>): Problem | null {
  const title = record(path.slice(0, -1).reduce<unknown>((node, key) => record(node)[key], entry.data))[String(path.at(-1))];
  if (typeof title !== 'string' || title.trim() === '') return null;
  const found = rolesOf(title, titles);
  if (found.length === 1 && found[0] === role) return null;
  const own = titles.get(role)!.slice(0, 6).join(', ');
  const message =
    found.length === 0
      ? `is "${title}", which contains no title of any buying role, so its role (${role}) cannot be told from it`
      : found.includes(role)
        ? `is "${title}", which contains titles of several roles (${found.join(', ')}), not only of ${role}`
        : `is "${title}", a title of the ${found.join(' and ')} role, but its role is ${role}`;
  const fix =
    found.length === 1 && entry.source.collection === 'personas'
      ? `Set \`role: ${found[0]!}\`, or give a title of the ${role} role (${own}, …).`
      : `Give a title of the ${role} role (${own}, …).`;
  return {
    file: entry.file,
    line: entry.lineOf(path),
    where: describePath(entry, path),
    message,
    fix: `${fix} The title-to-role list is \`engagement.roles\` in ${ICP_FILE}; add a title there first if the role is right.`,
  };
}

/** Every persona or segment buyer whose title does not match its buying role. */
export function checkBuyingRoles(entries: readonly RawEntry[]): Problem[] {
  const titles = titlesByRole(entries);
  if (!titles) return [];
  return entries
    .flatMap((entry): Array<Problem | null> => {
      if (entry.source.collection === 'personas') {
        const role = entry.data['role'];
        return PERSONA_ROLES.includes(role as Role) ? [titleProblem(entry, ['title'], role as Role, titles)] : [];
      }
      if (entry.source.collection === 'segments')
        return [
          titleProblem(entry, ['buyerPersonas', 'champion', 'title'], 'champion', titles),
          titleProblem(entry, ['buyerPersonas', 'decisionMaker', 'title'], 'decision_maker', titles),
        ];
      return [];
    })
    .filter((problem): problem is Problem => problem !== null);
}
