// Search places of the Sales Kit: every discovery question and every objection (in the "what to say"
// group of the coach), with one place per persona for their own questions, so "discovery questions
// Priya" lands there, the demo scripts and the prospecting sequences; the case studies (customer proof, with the resources); the
// packages, the pricing policy and the IT and security fact sheet (with the product).
import { DISCOVERY_STAGE_LABELS, OBJECTION_CATEGORY_LABELS } from '~/schemas/sales-kit';
import { caseStudyHref, getCaseStudies } from '../case-studies';
import { getDemoScripts } from '../demo-scripts';
import { getItSecurity } from '../it-security';
import { getPricing } from '../pricing';
import { getDiscoveryQuestions, getObjections, getProspectingSequences } from '../sales-kit';
import { lines, type SearchPlace } from './place';

const DISCOVERY = '/sales-kit/discovery-questions';

async function discoveryPlaces(): Promise<SearchPlace[]> {
  const questions = await getDiscoveryQuestions();
  const personas = new Map(questions.flatMap((question) => question.personas.map((persona) => [persona.id, persona])));
  return [
    {
      group: 'situations',
      item: 'discovery',
      title: 'Discovery Questions',
      context: `Sales Kit · ${questions.length} questions by persona, segment and stage`,
      names: ['Discovery questions', 'Discovery question bank'],
      text: 'Questions that qualify, find the pain and put a number on it: situation, pain, impact, vision and next step.',
      href: DISCOVERY,
    },
    ...questions.map((question) => ({
      group: 'situations' as const,
      item: `discovery:${question.id}`,
      title: question.question,
      context: `Discovery question · ${DISCOVERY_STAGE_LABELS[question.stage]}`,
      keywords: ['discovery question', ...question.personas.map((persona) => persona.name), ...question.segments.map((segment) => segment.name)],
      text: lines(question.whyAsk, question.goodAnswer, question.warningSign),
      href: `${DISCOVERY}#question-${question.id}`,
    })),
    ...[...personas.values()].map((persona) => {
      const own = questions.filter((question) => question.personas.some((p) => p.id === persona.id));
      return {
        group: 'situations' as const,
        item: `discovery-for:${persona.id}`,
        title: `Discovery questions for ${persona.name}`,
        context: `Sales Kit · ${own.length} questions`,
        names: [`Discovery questions for ${persona.name}`, `${persona.name} discovery questions`],
        keywords: [persona.name],
        text: lines(own.map((question) => question.question)),
        href: `${DISCOVERY}?persona=${persona.id}`,
      };
    }),
  ];
}

async function caseStudyPlaces(): Promise<SearchPlace[]> {
  return (await getCaseStudies()).map((study) => ({
    group: 'resources',
    item: `case-study:${study.id}`,
    title: `Case study: ${study.customer}`,
    context: `Case study · ${study.segment.name}`,
    names: [study.customer],
    keywords: ['case study', study.segment.name, ...study.features, ...study.integrations],
    text: lines(
      study.headline,
      study.problem,
      study.results.map((result) => `${result.value} ${result.label}. ${result.detail}`),
      study.quote.text,
    ),
    href: caseStudyHref(study.id),
  }));
}

async function objectionPlaces(): Promise<SearchPlace[]> {
  const objections = await getObjections();
  return [
    {
      group: 'situations',
      item: 'objections',
      title: 'Objection Library',
      context: `Sales Kit · ${objections.length} objections with responses and proof points`,
      names: ['Objection library', 'Objections'],
      text: 'What buyers say, the response, the proof point and the follow-up question, by persona and coach situation.',
      href: '/sales-kit/objections',
    },
    ...objections.map((objection) => ({
      group: 'situations' as const,
      item: `objection:${objection.id}`,
      title: `“${objection.objection}”`,
      context: `Objection · ${OBJECTION_CATEGORY_LABELS[objection.category]}`,
      names: [objection.objection],
      keywords: ['objection', ...objection.personas.map((persona) => persona.name), ...objection.situations.map((situation) => situation.name)],
      text: lines(objection.response, objection.proofPoint, objection.followUp),
      href: `/sales-kit/objections#objection-${objection.id}`,
    })),
  ];
}

async function pricingPlaces(): Promise<SearchPlace[]> {
  const { packages, policy } = await getPricing();
  const PRICING = '/sales-kit/pricing';
  const place = (item: string, title: string, text: string, anchor: string, names: string[] = [title]): SearchPlace => ({
    group: 'product',
    item: `pricing:${item}`,
    title,
    context: 'Pricing and packaging',
    names,
    text,
    href: `${PRICING}#${anchor}`,
  });
  return [
    place('early', 'When price comes up early', lines(policy.earlyPriceTalk.sayThis, policy.earlyPriceTalk.steps), 'price-early', [
      'Pricing and packaging',
      'Pricing',
    ]),
    ...packages.map((pack) => ({
      ...place(pack.id, `Package: ${pack.name}`, lines(pack.summary, pack.bestFor, pack.features.join(', ')), `package-${pack.id}`),
      names: [pack.name, `${pack.name} package`],
      keywords: ['package', ...pack.features],
    })),
    place('terms', 'Contract terms', lines(policy.priceDrivers, policy.alwaysIncluded, policy.contractTerms.map((t) => `${t.term}: ${t.detail}`)), 'contract-terms'),
    place(
      'discounts',
      'Discounts and who approves them',
      lines(
        policy.discountRules.map((rule) => `${rule.discount}: ${rule.when} Approved by ${rule.approvers.join(', then ') || 'the account executive'}.`),
        policy.neverDo,
      ),
      'discounts',
      ['Discount approval', 'Discount rules'],
    ),
  ];
}

async function itAndDemoPlaces(): Promise<SearchPlace[]> {
  const [sections, scripts] = await Promise.all([getItSecurity(), getDemoScripts()]);
  return [
    ...sections.map((section) => ({
      group: 'product' as const,
      item: `it:${section.id}`,
      title: `IT and security: ${section.title}`,
      context: 'IT and security fact sheet',
      names: [section.title, ...section.items.map((item) => item.topic)],
      keywords: ['IT review', 'security'],
      text: lines(
        section.summary,
        section.items.map((item) => `${item.topic}: ${item.answer}`),
      ),
      href: `/sales-kit/it-security#it-${section.id}`,
    })),
    ...scripts.map((script) => ({
      group: 'situations' as const,
      item: `demo:${script.id}`,
      title: `Demo script: ${script.title}`,
      context: `Demo script · ${script.minutes} minutes`,
      names: [script.title],
      keywords: ['demo', 'demo script'],
      text: lines(
        script.goal,
        script.steps.map((step) => `${step.show} ${step.say}`),
        script.close,
      ),
      href: `/sales-kit/demo-scripts#script-${script.id}`,
    })),
  ];
}

async function prospectingPlaces(): Promise<SearchPlace[]> {
  return (await getProspectingSequences()).map((sequence) => ({
    group: 'situations',
    item: `prospecting:${sequence.id}`,
    title: `Prospecting sequence: ${sequence.persona.name}`,
    context: `Sales Kit · ${sequence.persona.title}, ${sequence.persona.company}`,
    names: [`Prospecting sequence for ${sequence.persona.name}`],
    keywords: ['prospecting', 'SDR', 'cold email', sequence.persona.name],
    text: lines(
      sequence.useWhen,
      sequence.touches.map((touch) => lines(touch.subject, touch.message)),
    ),
    href: `/sales-kit/prospecting?persona=${sequence.persona.id}`,
  }));
}

export async function salesKitPlaces(): Promise<SearchPlace[]> {
  const parts = [discoveryPlaces(), objectionPlaces(), caseStudyPlaces(), pricingPlaces(), itAndDemoPlaces(), prospectingPlaces()];
  return (await Promise.all(parts)).flat();
}
