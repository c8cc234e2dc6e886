/**
 * Content schema of the Sales Kit's calls and e-mails (content/sales-kit/outreach.yaml → `outreachTemplateSchema`):
 * the cold-call and voicemail scripts and the e-mails that sit outside the three-touch prospecting
 * sequences (a follow-up after a call, a break-up, the answer to an inbound inquiry). Lesson 701 teaches
 * the reasoning; the page /sales-kit/outreach shows them by kind. Scripts put what the rep fills in from
 * their research in [square brackets], as the demo scripts and the coach's plays do.
 */
import { z } from 'astro/zod';
import { review, text, textList } from './common';
import { factCitations } from './facts';

/** The kinds of template, in the order the page shows them. */
export const OUTREACH_KINDS = ['cold-call', 'voicemail', 'follow-up-email', 'break-up-email', 'inbound-email'] as const;
export type OutreachKind = (typeof OUTREACH_KINDS)[number];
export const OUTREACH_KIND_LABELS: Record<OutreachKind, string> = {
  'cold-call': 'Cold call',
  voicemail: 'Voicemail',
  'follow-up-email': 'Follow-up e-mail',
  'break-up-email': 'Break-up e-mail',
  'inbound-email': 'Inbound response',
};
const EMAIL_KINDS: readonly OutreachKind[] = ['follow-up-email', 'break-up-email', 'inbound-email'];

const partSchema = z
  .strictObject({
    label: text('What this part does, e.g. "Opener", "Reason", "Question", "Ask", or "Paragraph 1".'),
    say: text('The words, in the first person; [brackets] for what the rep fills in.'),
  })
  .describe('One part of a script or e-mail, in order.');

export const outreachTemplateSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    id: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug like cold-call-leasing')
      .describe('Stable id, a slug; the page anchor is #outreach-{id}.'),
    kind: z.enum(OUTREACH_KINDS).describe('cold-call, voicemail, follow-up-email, break-up-email or inbound-email.'),
    title: text('Heading, e.g. "Cold call: leasing brokerage marketing manager".'),
    useWhen: text('When to use it: the trigger, the moment or the buyer it is written for.'),
    subject: text('The e-mail subject line; e-mails only.').optional(),
    parts: z.array(partSchema).min(2).max(8).describe('The script or e-mail, part by part.'),
    avoid: textList('What not to say or do with it.'),
  })
  .superRefine((template, ctx) => {
    const email = EMAIL_KINDS.includes(template.kind);
    if (email !== (template.subject !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['subject'],
        message: email ? 'an e-mail needs a subject line' : 'only e-mails have a subject line: remove it',
      });
  })
  .describe('One call script or e-mail template of the Sales Kit.');
export type OutreachTemplate = z.infer<typeof outreachTemplateSchema>;
