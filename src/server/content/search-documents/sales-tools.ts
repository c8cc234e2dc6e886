// Search places of the Sales Kit's field assets: every call script and e-mail (in the "what to say" group
// of the coach), every battlecard (with the competitor cards of the industry group), the deal templates
// (with the resources) and every answer of the security questionnaire (with the product, like the rest
// of the IT fact sheet), so "voicemail", "break-up email", "Marqueo pricing", "mutual action plan" or
// "RPO" land on the place that answers them.
import { OUTREACH_KIND_LABELS } from '~/schemas/outreach';
import { getDealTemplates } from '../deal-templates';
import { getCompetitors } from '../industry';
import { getItSecurity } from '../it-security';
import { getOutreachTemplates } from '../outreach';
import { lines, type SearchPlace } from './place';

async function outreachPlaces(): Promise<SearchPlace[]> {
  return (await getOutreachTemplates()).map((template) => ({
    group: 'situations',
    item: `outreach:${template.id}`,
    title: template.title,
    context: `Calls and e-mails · ${OUTREACH_KIND_LABELS[template.kind]}`,
    names: [template.title],
    keywords: [OUTREACH_KIND_LABELS[template.kind], 'script', 'SDR'],
    text: lines(
      template.useWhen,
      template.subject,
      template.parts.map((part) => part.say),
    ),
    href: `/sales-kit/outreach#outreach-${template.id}`,
  }));
}

async function battlecardPlaces(): Promise<SearchPlace[]> {
  return (await getCompetitors()).map((competitor) => ({
    group: 'industry',
    item: `battlecard:${competitor.id}`,
    title: `Battlecard: ${competitor.name}`,
    context: `Battlecard · as of ${competitor.battlecard.asOf}`,
    names: [`${competitor.name} battlecard`],
    keywords: ['battlecard', 'competitor', 'pricing model', 'landmine'],
    text: lines(
      competitor.battlecard.pricingModel,
      competitor.battlecard.plantQuestion,
      competitor.battlecard.theySay.map((landmine) => `${landmine.claim} ${landmine.answer}`),
      competitor.battlecard.whenWeLose,
    ),
    href: `/sales-kit/battlecards#battlecard-${competitor.id}`,
  }));
}

async function dealTemplatePlaces(): Promise<SearchPlace[]> {
  return (await getDealTemplates()).map((template) => ({
    group: 'resources',
    item: `deal-template:${template.id}`,
    title: `Deal template: ${template.title}`,
    context: 'Sales Kit · template with a filled example to download',
    names: [template.title],
    keywords: ['template', 'download'],
    text: lines(
      template.purpose,
      template.whenToUse,
      template.sections.map((section) => `${section.heading}: ${section.guidance}`),
    ),
    href: `/sales-kit/deal-templates#template-${template.id}`,
  }));
}

async function questionnairePlaces(): Promise<SearchPlace[]> {
  const section = (await getItSecurity()).find((candidate) => candidate.id === 'questionnaire');
  return (section?.items ?? []).map((item, index) => ({
    group: 'product',
    item: `questionnaire:${index + 1}`,
    title: item.topic.replace(/^\d+\.\s*/, ''),
    context: 'Security questionnaire answer',
    keywords: ['security questionnaire'],
    text: item.answer,
    href: '/sales-kit/it-security#it-questionnaire',
  }));
}

export async function salesToolPlaces(): Promise<SearchPlace[]> {
  return (await Promise.all([outreachPlaces(), battlecardPlaces(), dealTemplatePlaces(), questionnairePlaces()])).flat();
}
