// Search places of the buyers pages: segments and personas (spec groups) place by place — the page and
// each of its tabs — and the Ideal Customer Profile's sections.
import { slugify } from '~/shared/anchors';
import type { SegmentBuyerPersona } from '~/schemas/buyers';
import { getIcp, getPersonas, getSegments, type BuyerPersona, type IdealCustomerProfile } from '../buyers';
import { lines, type SearchPlace } from './place';

function buyerPersonaText(persona: SegmentBuyerPersona): string {
  return lines(
    persona.title,
    persona.decisionFactors,
    persona.background,
    persona.goals,
    persona.whyIWontBuy,
    persona.whyIWontBuyResponses,
    persona.whatICareAbout,
  );
}

async function segmentPlaces(): Promise<SearchPlace[]> {
  return (await getSegments()).flatMap(({ id, name, description, ecosystemRole, careAbout, talkingPoints, examples, buyerPersonas }) => {
    const base = { group: 'segments', item: String(id), title: name } as const;
    const path = `/buyer-segments/${id}`;
    return [
      {
        ...base,
        context: 'Buyer segment',
        names: [name],
        text: lines(
          description,
          ecosystemRole,
          careAbout,
          talkingPoints,
          examples.map((example) => example.name),
        ),
        href: path,
      },
      {
        ...base,
        context: 'Buyer segment · Champion',
        heading: 'Champion',
        text: buyerPersonaText(buyerPersonas.champion),
        href: `${path}?persona=champion#persona-panel-champion`,
      },
      {
        ...base,
        context: 'Buyer segment · Decision Maker',
        heading: 'Decision Maker',
        text: buyerPersonaText(buyerPersonas.decisionMaker),
        href: `${path}?persona=decision-maker#persona-panel-decision-maker`,
      },
    ];
  });
}

/** A persona's page and its tabs; its company-size and role badges are keywords of the page. */
function personaPlaces(persona: BuyerPersona, roleLabel: string): SearchPlace[] {
  const base = { group: 'personas', item: String(persona.id), title: persona.name, context: persona.title } as const;
  const path = `/personas/${persona.id}`;
  const tab = (id: string, heading: string, text: string): SearchPlace => ({ ...base, heading, text, href: `${path}?tab=${id}#tab-panel-${id}` });
  return [
    {
      ...base,
      names: [persona.name],
      keywords: [persona.segment, roleLabel],
      text: lines(
        `${persona.title}, ${persona.company}`,
        persona.background,
        persona.preferences.decisionFactors,
        persona.preferences.careAbout,
      ),
      href: path,
    },
    tab('goals', 'Goals & Motivations', lines(persona.goals)),
    tab('pain-points', 'Pain Points', lines(persona.painPoints)),
    tab('engagement', 'Engagement Strategy', lines(persona.engagementTips)),
  ].filter((place) => place.text !== '');
}

function icpPlaces(icp: IdealCustomerProfile): SearchPlace[] {
  const path = '/ideal-customer-profile';
  const place = (item: string, title: string, context: string, text: string, href: string): SearchPlace => ({
    group: 'icp',
    item,
    title,
    context,
    names: [title],
    text,
    href,
  });
  const flags = (id: string, heading: string, items: IdealCustomerProfile['salesRedFlags']) =>
    items.map((flag) => place(`${id}:${slugify(flag.title)}`, flag.title, heading, flag.description, `${path}?tab=negative-persona#${id}`));
  return [
    place('explainer', icp.explainer.title, 'Ideal Customer Profile', lines(icp.summary, icp.explainer.body), path),
    ...icp.tiers.map(({ tier, label, priority, guidance, ...fields }) =>
      place(`tier-${tier}`, label, `ICP tier · ${priority}`, lines(guidance, Object.values(fields).map(String)), `${path}#tier-heading`),
    ),
    ...icp.targetPersonas.map((group) =>
      place(
        `target-${slugify(group.function)}`,
        group.function,
        `Target persona · ${group.priority}`,
        lines(group.titles.join(', '), group.why, group.personas.map((persona) => persona.name)),
        `${path}#target-personas-heading`,
      ),
    ),
    ...icp.prospectingKeywords.map((group) =>
      place(`keywords-${slugify(group.group)}`, group.group, 'Prospecting keywords', group.keywords.join(', '), `${path}#keywords-heading`),
    ),
    ...flags('sales-red-flags', 'Sales red flag', icp.salesRedFlags),
    ...flags('red-flag-review', 'Red flag review', icp.redFlagReview),
    ...flags('disqualification', 'Disqualification criterion', icp.disqualificationCriteria),
    ...flags('product-fit', 'Product-fit red flag', icp.productFitRedFlags),
  ];
}

export async function buyerPlaces(): Promise<SearchPlace[]> {
  const [segments, personas, icp] = await Promise.all([segmentPlaces(), getPersonas(), getIcp()]);
  return [
    ...segments,
    ...personas.flatMap((persona) => personaPlaces(persona, icp.engagement.roles[persona.role].label)),
    ...icpPlaces(icp),
  ];
}
