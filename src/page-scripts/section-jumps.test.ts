// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { drawSectionsAbove, fragmentTarget } from './section-jumps';

const drawn = () =>
  [...document.querySelectorAll<HTMLElement>('.render-when-visible')]
    .filter((section) => section.style.getPropertyValue('content-visibility') === 'visible')
    .map((section) => section.id);

beforeEach(() => {
  document.body.innerHTML = `
    <nav><a id="to-c" href="#c-title">C</a></nav>
    <section id="a" class="render-when-visible"><h2 id="a-title">A</h2></section>
    <section id="b" class="render-when-visible"><h2 id="b-title">B</h2></section>
    <section id="c" class="render-when-visible"><h2 id="c-title">C</h2><p id="c-deep">…</p></section>
    <section id="d" class="render-when-visible"><h2 id="d-title">D</h2></section>
    <section id="plain"><h2 id="stärke">Ä</h2></section>`;
});

describe('drawSectionsAbove', () => {
  it('draws the sections before the target and the one holding it, not the ones after', () => {
    expect(drawSectionsAbove(document.getElementById('c-deep')!)).toBe(3);
    expect(drawn()).toEqual(['a', 'b', 'c']);
  });

  it('draws nothing for a target above every lazy section, and counts only what it changed', () => {
    expect(drawSectionsAbove(document.getElementById('to-c')!)).toBe(0);
    expect(drawSectionsAbove(document.getElementById('b-title')!)).toBe(2);
    expect(drawSectionsAbove(document.getElementById('c-title')!)).toBe(1);
    expect(drawn()).toEqual(['a', 'b', 'c']);
  });

  it('draws every lazy section for a target after all of them', () => {
    expect(drawSectionsAbove(document.getElementById('stärke')!)).toBe(4);
    expect(drawn()).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('fragmentTarget', () => {
  it('finds the element a hash names, percent-encoded or not', () => {
    expect(fragmentTarget('#c-title')?.id).toBe('c-title');
    expect(fragmentTarget('#st%C3%A4rke')?.id).toBe('stärke');
  });

  it('answers null for an empty hash, an unknown id or a malformed escape', () => {
    expect(fragmentTarget('')).toBeNull();
    expect(fragmentTarget('#')).toBeNull();
    expect(fragmentTarget('#nowhere')).toBeNull();
    expect(fragmentTarget('#%E0%A4%A')).toBeNull();
  });
});
