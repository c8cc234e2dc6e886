// The ideal customer profile leaves no firm out (content/icp/ideal-customer-profile.yaml): every combination
// of portfolio size, team size and systems of record, enumerated at every edge the content writes, falls
// into exactly one tier, or meets a named disqualifier and then into none. "Property" is counted one way
// for the tiers and the price bands, and each company-size segment means one tier.
import { describe, expect, it } from 'vitest';
import { describeFirm, firmsToPlace, icpOutcome, isOneOutcome, type IcpRules } from '~/content-check/icp-tiers';
import { readContent } from '~/content-check/read';
import { icpSchema } from '~/schemas/buyers';
import { pricingPolicySchema } from '~/schemas/pricing';
import { PERSONA_SEGMENTS } from '~/shared/vocabulary';
import { PROJECT_ROOT } from '../support/content-fixture';

const { entries } = readContent(PROJECT_ROOT);
const dataOf = (collection: string) => entries.find((entry) => entry.source.collection === collection)!.data;
const icp = icpSchema.parse(dataOf('icp'));
const policy = pricingPolicySchema.parse(dataOf('pricingPolicy'));
const fact = entries.find((entry) => entry.source.collection === 'facts' && entry.id === 'property-count')!.data;

/** The firms the ICP does not place exactly once, in words. */
const misplaced = (rules: IcpRules) =>
  firmsToPlace(rules)
    .filter((firm) => !isOneOutcome(icpOutcome(rules, firm)))
    .map(describeFirm);

describe('the ICP tiers', () => {
  it('place every combination of portfolio size, team size and systems in exactly one tier or a named disqualifier', () => {
    const firms = firmsToPlace(icp);
    // Every edge of 1–10, 11–75 and 76+ properties and of 5, 11 and 21 employees, with each kind of system.
    expect(new Set(firms.map((firm) => firm.properties))).toEqual(new Set([1, 2, 9, 10, 11, 12, 74, 75, 76, 77]));
    expect(new Set(firms.map((firm) => firm.employees))).toEqual(new Set([1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 19, 20, 21, 22]));
    expect(firms).toHaveLength(10 * 14 * 4);
    expect(misplaced(icp)).toEqual([]);
  });

  it('give the firms the December review found without a tier one answer each', () => {
    const place = (properties: number, employees: number, systems: 'crm' | 'pms' | 'crm-and-pms' | 'none') =>
      icpOutcome(icp, { properties, employees, systems });
    expect(place(90, 15, 'crm')).toEqual({ tiers: [2], disqualifiers: [] });
    expect(place(120, 40, 'pms')).toEqual({ tiers: [2], disqualifiers: [] });
    expect(place(40, 8, 'crm')).toEqual({ tiers: [3], disqualifiers: [] });
    expect(place(10, 30, 'crm-and-pms')).toEqual({ tiers: [3], disqualifiers: [] });
    expect(place(200, 3, 'none')).toEqual({
      tiers: [],
      disqualifiers: ['Fewer than 5 employees', 'No CRM or property-management software'],
    });
  });

  it('would fail on a gap or an overlap put back into the tiers', () => {
    const tier = (n: number) => icp.tiers.find((candidate) => candidate.tier === n)!;
    const withFits = (n: number, fits: IcpRules['tiers'][number]['fits']): IcpRules => ({
      ...icp,
      tiers: icp.tiers.map((candidate) => (candidate.tier === n ? { ...candidate, fits } : candidate)),
    });
    // Tier 2 as it was: 11–75 properties only.
    expect(misplaced(withFits(2, tier(2).fits.slice(0, 1)))).toContain('76 properties, 11 employees and a CRM');
    // Tier 3 as it was: any employee count, overlapping the disqualifier.
    expect(misplaced(withFits(3, [{ properties: { min: 1, max: 10 } }]))).toContain('1 property, 4 employees and a CRM');
    // Tier 1 taking a property-management system without a CRM: two tiers at once.
    expect(misplaced(withFits(1, [{ properties: { min: 76 }, employees: { min: 21 } }]))).toContain(
      '76 properties, 21 employees and a property-management system and no CRM',
    );
  });

  it('map each company-size segment to one tier, and Startup to the fewer-than-5 disqualifier, as the timing texts say', () => {
    expect(icp.tiers.map((candidate) => [candidate.tier, candidate.companySize])).toEqual([
      [1, 'Enterprise'],
      [2, 'Mid-Market'],
      [3, 'Small Business'],
    ]);
    for (const candidate of icp.tiers) expect(icp.engagement.timingBySegment[candidate.companySize]).toContain(`Tier ${candidate.tier}`);
    const sized = new Set<string>(icp.tiers.map((candidate) => candidate.companySize));
    expect(PERSONA_SEGMENTS.filter((segment) => !sized.has(segment))).toEqual(['Startup']);
    expect(icp.engagement.timingBySegment.Startup).toMatch(/fewer than 5 employees, which disqualifies/);
    expect(icp.disqualificationCriteria.find((item) => item.title === 'Fewer than 5 employees')?.when).toEqual({
      employees: { min: 1, max: 4 },
    });
  });

  it('count a property one way for the tiers and the price bands, defined in the ICP and the property-count fact', () => {
    const definition = 'one building, land parcel or offering the firm markets, counted once';
    expect(icp.explainer.body.join(' ')).toContain(definition);
    expect(String(fact['sayThis'])).toContain(
      definition.replace('the firm markets, counted once', 'the firm markets, counted once in a 12-month'),
    );
    expect(policy.priceDrivers[0]).toContain('counted as the ideal customer profile counts them');
    expect(icp.productFitRedFlags.map((item) => item.title)).toContain('10 or fewer properties');
  });
});
