// The option rules on texts the bank really had, and on plausible options that must pass.
import { describe, expect, it } from 'vitest';
import { optionFault } from './option-rules';

describe('option rules', () => {
  it.each(['All of the above', 'None of these', 'Both of them', 'All three of the tests', 'all four', 'None of the tiers'])(
    'calls "%s" a catch-all',
    (text) => expect(optionFault(text)).toBe('catch-all'),
  );

  it.each([
    'Never',
    'Nothing; VPs never take meetings',
    'Nothing; walk away immediately',
    'The deal is certain to close',
    'You should send the contract anyway',
    'Agree and end the call',
    'Move Fast and Break Things',
  ])('calls "%s" a giveaway', (text) => expect(optionFault(text)).toBe('giveaway'));

  it.each([
    'Triple net (NNN) lease',
    '3–12 months after signing',
    'Shapes the requirements and the shortlist but never signs',
    'Driven by Impact: demo every feature so the prospect misses nothing',
    'Taxes, insurance and maintenance: all three nets',
    'Both a CRM and a property management system',
  ])('lets "%s" pass', (text) => expect(optionFault(text)).toBeNull());
});
