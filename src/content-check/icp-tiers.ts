/**
 * The ICP tiers leave no firm out (content/icp/ideal-customer-profile.yaml, src/schemas/buyers.ts): every
 * combination of property count, headcount and systems of record falls into exactly one tier, or meets a
 * named disqualifier and then into no tier. The combinations are enumerated at every edge of the ranges
 * the content writes, so a gap or an overlap between two tiers is found whatever the numbers. A firm the
 * tiers forgot is one a rep cannot place, and one the hub placed twice gets two answers.
 * Also here: the Tier 3 edge is said one way ("10 or fewer"), never "fewer than 10", which leaves a firm
 * of exactly 10 properties in Tier 3 without its red flag.
 */
import { FIRM_SYSTEMS, type FirmSystems } from '~/schemas/buyers';
import { claimUnits } from './claim-text';
import { describePath } from './describe';
import type { Problem } from './problems';
import type { RawEntry } from './read';
import type { ParsedEntry } from './schema-check';

interface Range {
  min: number;
  max?: number | undefined;
}
/** Firms by properties, employees and systems; a field left out means any. */
interface Firms {
  properties?: Range | undefined;
  employees?: Range | undefined;
  systems?: FirmSystems[] | undefined;
}
export interface Firm {
  properties: number;
  employees: number;
  systems: FirmSystems;
}
/** What the ICP says of a firm: the tiers that take it and the disqualifiers it meets. */
export interface IcpOutcome {
  tiers: number[];
  disqualifiers: string[];
}
/** The parts of the ICP the tiers are decided by. */
export interface IcpRules {
  tiers: Array<{ tier: number; fits: Firms[] }>;
  disqualificationCriteria: Array<{ title: string; when?: Firms | undefined }>;
}

const within = (value: number, range: Range | undefined) =>
  !range || (value >= range.min && (range.max === undefined || value <= range.max));
const takes = (firms: Firms, firm: Firm) =>
  within(firm.properties, firms.properties) &&
  within(firm.employees, firms.employees) &&
  (firms.systems ?? FIRM_SYSTEMS).includes(firm.systems);

export function icpOutcome(icp: IcpRules, firm: Firm): IcpOutcome {
  return {
    tiers: icp.tiers.filter((tier) => tier.fits.some((firms) => takes(firms, firm))).map((tier) => tier.tier),
    disqualifiers: icp.disqualificationCriteria.filter((item) => item.when && takes(item.when, firm)).map((item) => item.title),
  };
}

/** Every value that can change an outcome: each written edge, the number on either side of it, and 1. */
function edges(ranges: Array<Range | undefined>): number[] {
  const values = new Set([1]);
  for (const range of ranges)
    if (range) for (const edge of [range.min, range.max ?? range.min]) for (const value of [edge - 1, edge, edge + 1]) values.add(value);
  return [...values].filter((value) => value >= 1).sort((a, b) => a - b);
}

/** One firm for every combination of the edges of the ranges the ICP writes, and every kind of system. */
export function firmsToPlace(icp: IcpRules): Firm[] {
  const groups = [
    ...icp.tiers.flatMap((tier) => tier.fits),
    ...icp.disqualificationCriteria.flatMap((item) => (item.when ? [item.when] : [])),
  ];
  const properties = edges(groups.map((firms) => firms.properties));
  const employees = edges(groups.map((firms) => firms.employees));
  return properties.flatMap((count) =>
    employees.flatMap((people) => FIRM_SYSTEMS.map((systems): Firm => ({ properties: count, employees: people, systems }))),
  );
}

/** True when the outcome is one: a single tier, or a disqualifier and no tier. */
export const isOneOutcome = (outcome: IcpOutcome) =>
  outcome.disqualifiers.length > 0 ? outcome.tiers.length === 0 : outcome.tiers.length === 1;

const SYSTEM_WORDS: Record<FirmSystems, string> = {
  crm: 'a CRM',
  pms: 'a property-management system and no CRM',
  'crm-and-pms': 'a CRM and a property-management system',
  none: 'neither a CRM nor a property-management system',
};
export const describeFirm = (firm: Firm) =>
  `${firm.properties} ${firm.properties === 1 ? 'property' : 'properties'}, ${firm.employees} ${firm.employees === 1 ? 'employee' : 'employees'} and ${SYSTEM_WORDS[firm.systems]}`;

function outcomeWords(outcome: IcpOutcome): string {
  if (outcome.tiers.length === 0) return 'in no tier and meets no disqualifier';
  const tiers = outcome.tiers.map((tier) => `Tier ${tier}`).join(' and ');
  return outcome.disqualifiers.length > 0 ? `in ${tiers} although it meets "${outcome.disqualifiers[0]}"` : `in ${tiers} at once`;
}

function tierProblems(icp: ParsedEntry): Problem[] {
  const rules = icp.parsed as unknown as IcpRules;
  if (!Array.isArray(rules.tiers) || !Array.isArray(rules.disqualificationCriteria)) return [];
  const wrong = firmsToPlace(rules)
    .map((firm) => ({ firm, outcome: icpOutcome(rules, firm) }))
    .filter(({ outcome }) => !isOneOutcome(outcome));
  return wrong.slice(0, 3).map(({ firm, outcome }) => ({
    file: icp.file,
    line: icp.lineOf(['tiers']),
    where: describePath(icp, ['tiers']),
    message: `put a firm with ${describeFirm(firm)} ${outcomeWords(outcome)}${wrong.length > 3 ? ` (and ${wrong.length - 3} more such firms)` : ''}`,
    fix: 'Every firm must fall into exactly one tier, or meet a disqualifier and fall into none: change the `fits` of the tiers (properties, employees, systems) or the `when` of a disqualifier, then the texts of the tier to match. content/README.md "The ideal customer profile".',
  }));
}

/** The Tier 3 edge said as "fewer than 10" (or under, less than), in any statement a rep reads. */
function edgeWordingProblems(entries: readonly RawEntry[], edge: number): Problem[] {
  const words = new RegExp(String.raw`\b(?:fewer than|less than|under)\s+(?:${edge}|ten)\s+(?:properties|buildings|listings)\b`, 'i');
  return entries.flatMap((entry) =>
    claimUnits(entry).flatMap((unit) =>
      unit.sentences
        .filter((sentence) => words.test(sentence.text))
        .map((sentence) => ({
          file: entry.file,
          line: sentence.line,
          where: describePath(entry, unit.path),
          message: `says "${words.exec(sentence.text)?.[0] ?? ''}", but Tier 3 and its red flag are ${edge} or fewer properties`,
          fix: `Write "${edge} or fewer properties" (or "more than ${edge}"), as the ideal customer profile does, so a firm of exactly ${edge} is placed one way everywhere.`,
        })),
    ),
  );
}

/** Every firm the ICP places in no tier or in two, and every "fewer than 10 properties" (entries that passed their schema). */
export function checkIcpTiers(entries: readonly ParsedEntry[]): Problem[] {
  const icp = entries.find((entry) => entry.source.collection === 'icp');
  if (!icp) return [];
  const tier3 = (icp.parsed['tiers'] as IcpRules['tiers']).find((tier) => tier.tier === 3);
  const edge = tier3?.fits.find((firms) => firms.properties?.min === 1)?.properties?.max;
  return [...tierProblems(icp), ...(edge === undefined ? [] : edgeWordingProblems(entries, edge))];
}
