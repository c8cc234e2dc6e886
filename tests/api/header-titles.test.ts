// Every page names itself in the header (src/components/Header.astro), and an unknown path shows the product's name.
// The title is part of the page's HTML, so it is read there, as a browser without JavaScript gets it.
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '~/server/demo-accounts';
import { useTestApp } from './harness';

const t = useTestApp({ signInAs: DEMO_ADMIN });

const TITLES: Array<[string, string]> = [
  ['/', 'Learning Dashboard'],
  ['/company-overview', 'Company Overview'],
  ['/industry-knowledge', 'Industry Knowledge'],
  ['/buyer-segments', 'Buyer Segments'],
  ['/ideal-customer-profile', 'Ideal Customer Profile'],
  ['/product', 'Product Features & Integrations'],
  ['/modules/1', 'Module Details'],
  ['/personas', 'Personas'],
  ['/personas/1', 'Persona Details'],
  ['/resources', 'Resources'],
  ['/quizzes', 'Quizzes'],
  ['/team-progress', 'Team Progress'],
  ['/sales-situations', 'Sales Situations'],
  ['/plan', 'My Plan'],
  ['/sales-kit', 'Sales Kit'],
  ['/content-management', 'Content Management'],
  ['/somewhere-else', 'Onboarding Platform'],
];

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The header title's text as a browser shows it: tags left out, entities read, white space folded. */
function headerTitleOf(html: string): string | undefined {
  const inner = /<p\b[^>]*data-testid="header-title"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1];
  return inner
    ?.replace(/<[^>]+>/g, '')
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!)
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the header title', () => {
  it.each(TITLES)('of %s is %s', async (route, title) => {
    const response = await t.client.request('GET', route, { headers: { Accept: 'text/html' } });
    // A path with no page of its own (/content-management, /somewhere-else) still gets the header, on the not-found page.
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(headerTitleOf(await response.text())).toBe(title);
  });

  it('reads a title as the browser does', () => {
    expect(headerTitleOf('<p class="x" data-testid="header-title">\n  Product Features &amp; Integrations\n</p>')).toBe(
      'Product Features & Integrations',
    );
    expect(headerTitleOf('<p>no title</p>')).toBeUndefined();
  });
});
