// @vitest-environment happy-dom
// The dropdown's options: several results may link to one section of a page (two stakeholders of the same table),
// and each stays its own option.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { SearchResponse } from '~/shared/api/search';
import { groupsOf } from './results';
import { ResultsListbox } from './ResultsListbox';

const SECTION = '/industry-knowledge?tab=industry-overview#stakeholders';
const answer = {
  industry: [
    {
      id: 'stakeholders:Tenants and occupiers',
      title: 'Tenants and occupiers',
      context: 'Stakeholder',
      snippet: ['Who ', 'lease', ' space'],
      href: SECTION,
    },
    {
      id: 'stakeholders:Asset managers',
      title: 'Asset managers',
      context: 'Stakeholder',
      snippet: ['Faster ', 'lease', '-up'],
      href: SECTION,
    },
  ],
  modules: [{ id: 3, title: 'Leasing basics' }],
} as unknown as SearchResponse;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

test('results that link to the same section are separate options, with no React key warning', () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  render(<ResultsListbox groups={groupsOf(answer)} active={-1} setActive={() => {}} />);
  const options = screen.getAllByRole('option');
  expect(options.map((option) => option.getAttribute('href'))).toEqual(['/modules/3', SECTION, SECTION]);
  expect(options.map((option) => option.id)).toEqual(['header-search-option-0', 'header-search-option-1', 'header-search-option-2']);
  expect(screen.getByRole('option', { name: /Tenants and occupiers/ })).toBeDefined();
  expect(screen.getByRole('option', { name: /Asset managers/ })).toBeDefined();
  expect(errors).not.toHaveBeenCalled();
});

test('every option has its own key, even when two share a link', () => {
  const keys = groupsOf(answer).flatMap(([, items]) => items.map((item) => item.key));
  expect(keys).toEqual(['modules:3', 'industry:stakeholders:Tenants and occupiers', 'industry:stakeholders:Asset managers']);
  expect(new Set(keys).size).toBe(keys.length);
});
