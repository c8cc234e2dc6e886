// @vitest-environment happy-dom
// The coach island (docs/product.md "Sales Situations Coach (/sales-situations)") against the real content.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { loadSituations } from '~tests/support/sales-situations';
import SalesCoach from './SalesCoach';

const situations = loadSituations();

const input = () => screen.getByLabelText('Your sales situation') as HTMLTextAreaElement;
const submit = () => screen.getByRole('button', { name: 'Get Expert Coaching' }) as HTMLButtonElement;
const result = () => screen.queryByTestId('coach-result');
const plays = () => within(screen.getByRole('group', { name: 'Choose a play' })).getAllByRole('button');

describe('SalesCoach', () => {
  const fetchSpy = vi.fn();
  beforeEach(() => {
    fetchSpy.mockReset();
    vi.stubGlobal('fetch', fetchSpy);
    render(<SalesCoach situations={situations} />);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    expect(fetchSpy).not.toHaveBeenCalled(); // the coach makes no call
  });

  test('shows a button per situation and no result', () => {
    for (const s of situations) expect(screen.queryByRole('button', { name: s.name })).not.toBeNull();
    expect(result()).toBeNull();
  });

  test('Get Expert Coaching is disabled and does nothing for blank or whitespace-only text', () => {
    expect(submit().disabled).toBe(true);
    fireEvent.change(input(), { target: { value: '  \n\t ' } });
    expect(submit().disabled).toBe(true);
    fireEvent.submit(submit().form as HTMLFormElement);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(result()).toBeNull();
  });

  test("'budget' shows Budget Pushback with its first play selected and why", () => {
    fireEvent.change(input(), { target: { value: 'budget' } });
    expect(submit().disabled).toBe(false);
    fireEvent.click(submit());
    const card = result();
    expect(card).not.toBeNull();
    expect(within(card as HTMLElement).getByRole('heading', { level: 2 }).textContent).toContain('Budget Pushback');
    expect(screen.getByTestId('coach-why').textContent).toContain('budget');
    expect(plays()[0]?.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('coach-play').textContent).toContain(situations[5]?.plays[0]?.play);
    expect(screen.getByTestId('coach-status').textContent).toMatch(/Coaching for Budget Pushback/);
  });

  test('Enter submits; a request with no keyword falls back and says so', () => {
    fireEvent.change(input(), { target: { value: 'Can you help me out?' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(within(result() as HTMLElement).getByRole('heading', { level: 2 }).textContent).toContain('Business Impact Discovery');
    expect(screen.getByTestId('coach-why').textContent).toContain('No keyword matched');
  });

  test('where no keyword matched, the other seven situations are offered right there, and one tap shows it', () => {
    fireEvent.change(input(), { target: { value: 'Can you help me out?' } });
    fireEvent.click(submit());
    const offered = screen.getByRole('navigation', { name: 'Not the right situation? Choose yours:' });
    const names = situations.filter((s) => s.id !== 'business-impact-discovery').map((s) => s.name);
    expect(
      within(offered)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/^\S+\s/, '')),
    ).toEqual(names);
    fireEvent.click(within(offered).getByRole('button', { name: /Budget Pushback/ }));
    const heading = within(result() as HTMLElement).getByRole('heading', { level: 2 });
    expect(heading.textContent).toContain('Budget Pushback');
    expect(document.activeElement).toBe(heading);
    expect(screen.getByTestId('coach-why').textContent).toBe('You chose this situation.');
    expect(screen.queryByTestId('coach-other-situations')).toBeNull();
  });

  test('a keyword match or a chosen situation offers no list', () => {
    fireEvent.change(input(), { target: { value: 'budget' } });
    fireEvent.click(submit());
    expect(screen.queryByTestId('coach-other-situations')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Multi-threading' }));
    expect(screen.queryByTestId('coach-other-situations')).toBeNull();
  });

  test.each([
    ["The prospect says they already use Yardi and don't need another tool", 'Addressing Concerns (Late Stage)'],
    ['we already have a website vendor', 'Business Impact Discovery'],
  ])('the status-quo request %j lands on %s, whose plays show their [placeholders]', (text, name) => {
    fireEvent.change(input(), { target: { value: text } });
    fireEvent.click(submit());
    expect(within(result() as HTMLElement).getByRole('heading', { level: 2 }).textContent).toContain(name);
    expect(screen.getByTestId('coach-why').textContent).toMatch(/^Matched your request on/);
    const situation = situations.find((s) => s.name === name)!;
    const shown = situation.plays.map((play, index) => {
      fireEvent.click(plays()[index] as HTMLElement);
      const placeholders = screen.queryAllByTestId('play-placeholder').map((p) => p.textContent);
      expect(placeholders, `play ${index + 1}`).toEqual(play.play.match(/\[[^\][]+\]/g) ?? []);
      const note = screen.queryByText('Fill in the parts in [brackets] from what you know of this deal.');
      expect(note === null, `play ${index + 1}`).toBe(placeholders.length === 0);
      return placeholders.length;
    });
    expect(shown.filter((count) => count > 0).length).toBeGreaterThanOrEqual(2);
  });

  test('another play can be picked; play buttons show the first 80 characters', () => {
    fireEvent.click(screen.getByRole('button', { name: 'Budget Pushback' }));
    const budget = situations.find((s) => s.id === 'budget-pushback');
    const second = budget?.plays[1]?.play ?? '';
    fireEvent.click(plays()[1] as HTMLElement);
    expect(plays()[1]?.getAttribute('aria-pressed')).toBe('true');
    expect(plays()[0]?.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('coach-play').textContent).toContain(second);
    expect(plays()[1]?.textContent).toBe(`Play 2: ${second.slice(0, 80)}…`);
  });

  test('a single-play situation shows no play picker', () => {
    const one = [{ ...situations[0]!, plays: [situations[0]!.plays[0]!] }];
    cleanup();
    render(<SalesCoach situations={one} />);
    fireEvent.click(screen.getByRole('button', { name: one[0]!.name }));
    expect(screen.queryByRole('group', { name: 'Choose a play' })).toBeNull();
    expect(screen.getByTestId('coach-play').textContent).toContain(one[0]!.plays[0]!.play);
  });

  test('Start Over hides the result', () => {
    fireEvent.click(screen.getByRole('button', { name: 'Testing the Champion' }));
    expect(result()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(result()).toBeNull();
  });

  test('picking a situation clears the text request', () => {
    fireEvent.change(input(), { target: { value: 'budget' } });
    fireEvent.click(submit());
    fireEvent.click(screen.getByRole('button', { name: 'Multi-threading' }));
    expect(input().value).toBe('');
    expect(within(result() as HTMLElement).getByRole('heading', { level: 2 }).textContent).toContain('Multi-threading');
    expect(screen.getByTestId('coach-why').textContent).toBe('You chose this situation.');
  });
});

describe('SalesCoach hydrating when the browser is idle', () => {
  test('keeps a situation typed into the server-rendered box before hydration', async () => {
    const { act } = await import('react');
    const { hydrateRoot } = await import('react-dom/client');
    const { renderToString } = await import('react-dom/server');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SalesCoach situations={situations} />);
    document.body.append(container);
    container.querySelector('textarea')!.value = 'the budget is spent';
    await act(async () => {
      hydrateRoot(container, <SalesCoach situations={situations} />);
    });
    const button = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Get Expert Coaching')!;
    expect(button.disabled).toBe(false);
    container.remove();
  });
});
