/** The Sales Kit's calls and e-mails (content/sales-kit/outreach.yaml): by kind, in file order within a kind. */
import { getCollection } from 'astro:content';
import { OUTREACH_KINDS, type OutreachTemplate } from '~/schemas/outreach';
import { cached } from './cache';

export const getOutreachTemplates = (): Promise<OutreachTemplate[]> =>
  cached('outreach', async () =>
    (await getCollection('outreach'))
      .map(({ data }, index) => ({ data, index }))
      .sort((a, b) => OUTREACH_KINDS.indexOf(a.data.kind) - OUTREACH_KINDS.indexOf(b.data.kind) || a.index - b.index)
      .map(({ data }) => data),
  );
