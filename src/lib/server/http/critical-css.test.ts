import { describe, expect, it } from 'vitest';
import { criticalCss, indexStylesheet, pageTokens } from './critical-css';

/** The subset for `html`, without the layer order statement every subset starts with. */
const subset = (css: string, html: string) => criticalCss(indexStylesheet(css), pageTokens(html)).replace(/^@layer [^;]*;/, '');

describe('pageTokens', () => {
  it('lists tag names, classes, ids, attribute names and the custom properties the page names', () => {
    const tokens = pageTokens(
      '<!doctype html><html><body><main id="top" class="card  card-body" aria-current="page"><P data-x>Hi</P>' +
        '<template><div class="toast"></div></template><script>el.style.setProperty("--value", "3")</script></main></body></html>',
    );
    for (const token of ['<main', '<p', '.card', '.card-body', '#top', '[aria-current', '[data-x', '.toast', '--value', '<html']) {
      expect(tokens.has(token), token).toBe(true);
    }
    expect(tokens.has('.')).toBe(false);
    expect(tokens.has('<span')).toBe(false);
  });
});

describe('criticalCss', () => {
  it('keeps the rules whose selectors can match the page, with only those selectors, in stylesheet order', () => {
    const css = '.a{color:red}.b,.a>p{margin:0}.c{color:blue}#top{padding:0}[hidden]{display:none}main .d{top:0}';
    expect(subset(css, '<main id="top" class="a"><p>x</p></main>')).toBe('.a{color:red}.a>p{margin:0}#top{padding:0}');
    expect(subset(css, '<main class="d" hidden></main>')).toBe('[hidden]{display:none}main .d{top:0}');
  });

  it('leaves out hover, focus and active states and what acts only on a change, keeps other states', () => {
    const css =
      '.btn{color:red;transition-property:color;transition-duration:.2s}.btn:hover{color:blue}.btn:focus-visible{outline:1px}' +
      ':where(.menu li>a:active){color:green}.btn:not(:hover){top:0}input:checked{accent-color:red}.btn:disabled{opacity:.5}';
    expect(subset(css, '<ul class="menu"><li><a class="btn">x</a><input></li></ul>')).toBe(
      '.btn{color:red}.btn:not(:hover){top:0}input:checked{accent-color:red}.btn:disabled{opacity:.5}',
    );
  });

  it('keeps a rule of :is / :where / :has when one alternative can match', () => {
    const css = ':is(.x,.y) p{color:red}:where(.z){top:0}.card:has(>img){padding:0}';
    expect(subset(css, '<div class="y"><p></p></div>')).toBe(':is(.x,.y) p{color:red}');
    expect(subset(css, '<div class="card"><img></div>')).toBe('.card:has(>img){padding:0}');
  });

  it('keeps the at-rules around the kept rules and the layer order of the whole stylesheet', () => {
    const css =
      '@layer base{html{color:red}@media (width>=48rem){.w{top:0}.a{top:1px}}}@layer components;' +
      '@layer utilities{@media (width>=48rem){.a{left:0}}}@media print{.a{display:none}}';
    const out = criticalCss(indexStylesheet(css), pageTokens('<html><body class="a"></body></html>'));
    expect(out).toBe(
      '@layer base,components,utilities;@layer base{html{color:red}@media (width>=48rem){.a{top:1px}}}@layer utilities{@media (width>=48rem){.a{left:0}}}',
    );
  });

  it('keeps only the custom properties the kept rules read, directly or through one another', () => {
    const css = ':root{--a:1px;--b:var(--a);--c:2px;--d:var(--c)}.x{margin:var(--b)}.y{margin:var(--d)}';
    expect(subset(css, '<p class="x"></p>')).toBe(':root{--a:1px;--b:var(--a)}.x{margin:var(--b)}');
    expect(subset(css, '<p class="z" data-value="--c"></p>')).toBe(':root{--c:2px}');
  });

  it('keeps @property and @keyframes rules only when a kept rule uses them', () => {
    const css =
      '.spin{animation:spin 1s;translate:var(--tw-x)}.fade{animation:fade 1s}' +
      '@keyframes spin{to{rotate:1turn}}@keyframes fade{to{opacity:0}}@property --tw-x{syntax:"*";inherits:false}@property --tw-y{syntax:"*";inherits:false}';
    expect(subset(css, '<p class="spin"></p>')).toBe(
      '.spin{animation:spin 1s;translate:var(--tw-x)}@keyframes spin{to{rotate:1turn}}@property --tw-x{syntax:"*";inherits:false}',
    );
  });

  it('assumes what every supported browser has: color-mix replaces its fallback, old-browser fallbacks are left out', () => {
    const css =
      '.a{color:red;margin:0}@supports (color:color-mix(in lab, red, red)){.a{color:color-mix(in oklab,red 50%,blue)}}' +
      '@supports (((-webkit-hyphens:none)) and (not (margin-trim:block))) or ((-moz-orient:inline) and (not (color:rgb(from red r g b)))){*{--tw-x:0}}' +
      '@supports (display:grid){.a{display:grid}}';
    expect(subset(css, '<p class="a"></p>')).toBe(
      '.a{margin:0}.a{color:color-mix(in oklab,red 50%,blue)}@supports (display:grid){.a{display:grid}}',
    );
  });

  it('keeps a rule whose selector it cannot read (a rule too many, never one too few)', () => {
    expect(subset('.a{color:red}.x >>> .y{top:0}', '<p></p>')).toBe('.x >>> .y{top:0}');
  });
});
