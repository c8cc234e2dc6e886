/**
 * Content schema of the product facts (content/facts/<area>.yaml, each file a list of facts): every claim
 * a rep may repeat about the product and the company's commitments (what an integration moves and which
 * way, what a report shows, support channels, contract terms, data deletion, security posture…), once,
 * with the person who keeps it true, its status today and the exact words a rep may use.
 *
 * Entries that repeat a claim cite the facts it rests on in a `facts: [id, …]` field (`factCitations`
 * below). The content check (src/content-check/claims.ts) refuses a citation of an unknown fact or of a
 * fact marked not offered, a statement that matches a fact's `triggers` without citing it, and one that
 * matches its `contradictions` (a wording known to be wrong), cited or not. When a fact is reviewed,
 * every entry citing it that was last reviewed earlier shows on Content health as needing review again
 * (src/content-check/freshness-records.ts). content/README.md "Product facts" is the guide.
 */
import { z } from 'astro/zod';
import { review, text } from './common';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Where a claim stands today. */
const FACT_STATUSES = ['available', 'in-progress', 'not-offered'] as const;

/**
 * One trigger: terms joined by " + ", all of which must appear in one sentence. A term is a word or a
 * phrase matched as whole words, case ignored (but an acronym in capitals only); a `*` at the end of a
 * word matches any ending (sync* → syncs, synced), and a hyphen matches a hyphen or a space (two-way →
 * "two way"). Matching: src/content-check/triggers.ts.
 */
const TRIGGER_WORD = String.raw`(?:%|[\p{L}\p{N}](?:[\p{L}\p{N}'’&./%–]*[\p{L}\p{N}%])?\*?)`;
const TRIGGER_TERM = new RegExp(String.raw`^${TRIGGER_WORD}(?:[ -]+${TRIGGER_WORD})*$`, 'u');

const triggerSchema = z
  .string()
  .trim()
  .min(2)
  .refine(
    (trigger) => trigger.split(' + ').every((term) => TRIGGER_TERM.test(term.trim())),
    'must be words or phrases joined by " + " (a "*" only at the end of a word), e.g. "HubSpot + two-way"',
  )
  .describe(
    'Words that show a sentence states this claim: terms joined by " + " must all be in one sentence; whole words, case ignored; "sync*" matches any ending; a hyphen matches a space too.',
  );

export const factSchema = z
  .strictObject({
    review: review(),
    id: z
      .string()
      .regex(SLUG, 'must be a lowercase slug like crm-hubspot')
      .describe('Stable id of the fact, a slug such as "crm-hubspot", unique across content/facts; entries cite it. Never reuse it.'),
    title: text('What the fact is about, as Content health names it: "HubSpot: what syncs, and which way".'),
    status: z
      .enum(FACT_STATUSES)
      .describe(
        'available (true today), in-progress (being built or audited: sayThis says when it is expected) or not-offered (we do not do it: no entry may cite it, and a statement that matches its triggers must be reworded or cite a fact of `instead`).',
      ),
    sayThis: text(
      'The exact wording a rep may use, true today: what it does and, as plainly, what it does not (for not-offered: what to say when asked).',
    ),
    page: z
      .string()
      .regex(/^\/(?!\/)\S*$/, 'must be a page of the hub, written as the address bar shows it (/product?tab=integrations)')
      .describe(
        'The page of the hub where a rep reads this claim in full (Content health links it), e.g. /sales-kit/it-security#it-sign-in.',
      ),
    triggers: z
      .array(triggerSchema)
      .min(1)
      .describe(
        'How the content check finds a statement of this claim: a statement matching any trigger must cite this fact (or, for a not-offered fact, one of `instead`).',
      ),
    contradictions: z
      .array(triggerSchema)
      .min(1)
      .optional()
      .describe(
        'Optional: wordings that say the opposite of this fact, written like triggers ("report* + tours + inquir*"); a statement matching one fails even when it cites the fact.',
      ),
    instead: z
      .array(z.string().regex(SLUG, 'must be the id of a fact'))
      .min(1)
      .optional()
      .describe(
        'Not-offered facts only, optional: the facts that say what is true instead; a statement matching this fact’s triggers may cite one of them (e.g. phone support → support-channels).',
      ),
  })
  .superRefine((fact, ctx) => {
    if (fact.instead !== undefined && fact.status !== 'not-offered')
      ctx.addIssue({ code: 'custom', path: ['instead'], message: 'is only for a not-offered fact: remove it or set status: not-offered' });
  })
  .describe('One product fact: a claim reps may repeat, its owner, its status and its wording.');
export type FactEntry = z.infer<typeof factSchema>;

/** The `facts` field of an entry, a play, a quiz question or an IT answer: the facts its statements rest on. */
export const factCitations = (what: string) =>
  z
    .array(z.string().regex(SLUG, 'must be the id of a fact in content/facts, like crm-hubspot'))
    .min(1)
    .optional()
    .describe(
      `Optional: the ids of the facts (content/facts) ${what} rests on. Required when a statement matches a fact's triggers (checked at build); when a cited fact is reviewed, the entry shows on Content health to review again.`,
    );
