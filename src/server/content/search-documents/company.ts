// Search places of the Company Overview: the profile (pitch, mission, vision), and each card of its
// tabs — value propositions, differentiators, core values, team members, history.
import { companyAnchor, slugify } from '~/shared/anchors';
import { getCompany, getCoreValues, getDifferentiators, getHistory, getTeam, getValuePropositions } from '../company';
import { lines, type SearchPlace } from './place';

const PATH = '/company-overview';

const place = (item: string, title: string, context: string, text: string, href: string, names = [title]): SearchPlace => ({
  group: 'company',
  item,
  title,
  context,
  names,
  text,
  href,
});

async function profilePlaces(): Promise<SearchPlace[]> {
  const company = await getCompany();
  const { founded, teamSize, languagesSpoken } = company.facts;
  return [
    place(
      'profile',
      company.name,
      'Company profile',
      lines(company.summary, `Founded in ${founded}. ${teamSize} team members. ${languagesSpoken} languages spoken.`),
      PATH,
    ),
    place('elevator-pitch', 'Elevator pitch', company.name, company.elevatorPitch, `${PATH}#elevator-pitch-title`),
    place('mission', 'Mission', company.name, company.mission, `${PATH}#mission-title`),
    place('vision', 'Vision', company.name, company.vision, `${PATH}#vision-title`),
    place('languages', company.languagesBanner.title, 'Our team', company.languagesBanner.text, `${PATH}?tab=team#languages-banner-title`, []),
  ];
}

export async function companyPlaces(): Promise<SearchPlace[]> {
  const [profile, valueProps, differentiators, values, team, history] = await Promise.all([
    profilePlaces(),
    getValuePropositions(),
    getDifferentiators(),
    getCoreValues(),
    getTeam(),
    getHistory(),
  ]);
  const tab = (id: string, anchor: string) => `${PATH}?tab=${id}#${anchor}`;
  return [
    ...profile,
    ...valueProps.map((v) =>
      place(`value-prop:${v.id}`, v.name, 'Value proposition', lines(v.promise, v.description, v.proofPoints), tab('valueProps', companyAnchor('value-prop', v.id))),
    ),
    ...differentiators.points.map((point) =>
      place(`differentiator:${slugify(point.title)}`, point.title, 'Differentiator', point.description, tab('differentiators', companyAnchor('differentiator', point.title))),
    ),
    ...differentiators.comparison.rows.map((row) =>
      place(`comparison:${slugify(row.criterion)}`, row.criterion, 'Comparison', row.detail, tab('differentiators', 'comparison-title')),
    ),
    ...values.map((v) => place(`core-value:${v.id}`, v.name, 'Core value', lines(v.description, v.behaviours), tab('coreValues', companyAnchor('core-value', v.id)))),
    ...team.map((m) => place(`team:${m.id}`, m.name, `Our team · ${m.title}`, m.bio, tab('team', companyAnchor('team', m.id)))),
    ...history.map((h) => place(`history:${h.id}`, h.title, `Our journey · ${h.year}`, h.description, tab('history', companyAnchor('history', h.id)))),
  ];
}
