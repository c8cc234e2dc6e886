// The calls-and-e-mails schema: every e-mail has a subject line and no call or voicemail has one.
import { describe, expect, it } from 'vitest';
import { outreachTemplateSchema } from './outreach';

const call = {
  review: { owner: 'marcus-bell', lastReviewed: '2026-12-02', reviewBy: '2027-06-01' },
  id: 'cold-call-test',
  kind: 'cold-call',
  title: 'Cold call',
  useWhen: 'On a trigger.',
  parts: [
    { label: 'Opener', say: 'Hi.' },
    { label: 'Ask', say: 'Twenty minutes on Tuesday?' },
  ],
  avoid: ['A price.'],
};
const issues = (value: unknown) =>
  outreachTemplateSchema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('a call script or e-mail', () => {
  it('accepts a call without a subject and an e-mail with one', () => {
    expect(issues(call)).toBeUndefined();
    expect(issues({ ...call, kind: 'break-up-email', subject: 'Closing the loop' })).toBeUndefined();
  });

  it('refuses an e-mail without a subject and a call with one', () => {
    expect(issues({ ...call, kind: 'inbound-email' })).toEqual(['subject: an e-mail needs a subject line']);
    expect(issues({ ...call, kind: 'voicemail', subject: 'Hello' })).toEqual(['subject: only e-mails have a subject line: remove it']);
  });
});
