/**
 * The part of the site's stylesheet a page needs for its first paint: every rule whose selector can match an
 * element of the page's HTML, in the stylesheet's order and layers, without what no first paint shows
 * (interaction states, print, transitions, custom properties nothing reads, fallbacks for browsers older than
 * the stylesheet's baseline). The page carries it in its <head> (./page-styles.ts) and links the whole
 * stylesheet on first use, which adds the states and the look of what scripts draw later.
 *
 * "Can match" is decided from the page's tokens (tag names, classes, ids, attribute names), not a DOM: a
 * selector is kept when every token its compounds name is on the page, whatever the combinators say. That
 * keeps a few rules too many, never one too few.
 */
import { parse as parseSelector, type Selector, SelectorType, AttributeAction } from 'css-what';
import { Parser } from 'htmlparser2';
import postcss, { type AtRule, type ChildNode, type Container, type Rule } from 'postcss';

/** States a first paint never shows: their rules come with the whole stylesheet. */
const INTERACTION = new Set(['hover', 'focus', 'focus-visible', 'focus-within', 'active']);
/** Pseudo-classes whose argument is a selector list, any of which may match. */
const ANY_OF = new Set(['is', 'where', 'has', 'matches', '-webkit-any', '-moz-any']);

/** What a selector needs on the page: all of `tokens`, and one alternative of each group. */
interface Needs {
  tokens: string[];
  anyOf: Needs[][];
  interaction: boolean;
}

/** A declaration, with the custom properties it reads (`var(--name)`). */
interface Declaration {
  property: string;
  text: string;
  reads: string[];
}

/** A style rule of the stylesheet: the at-rules around it (by index), and its selectors with their needs. */
interface IndexedRule {
  context: number[];
  selectors: { text: string; needs: Needs }[];
  /** Without the fallbacks a met `@supports` replaces. */
  declarations: Declaration[];
}

/** A @keyframes or @property rule: kept when a kept rule names it. */
interface NamedBlock {
  context: number[];
  name: string;
  text: string;
}

export interface StylesheetIndex {
  /** Every layer in order of first appearance, declared first so a subset keeps the stylesheet's layer order. */
  layerOrder: string;
  /** The opening of each at-rule that encloses rules, e.g. `@media (width>=48rem){`. */
  openings: string[];
  /** In stylesheet order. */
  items: (IndexedRule | NamedBlock)[];
}

function needsOf(compounds: Selector[]): Needs {
  const needs: Needs = { tokens: [], anyOf: [], interaction: false };
  for (const part of compounds) {
    if (part.type === SelectorType.Tag) needs.tokens.push(`<${part.name.toLowerCase()}`);
    else if (part.type === SelectorType.Attribute) {
      if (part.name === 'class' && part.action === AttributeAction.Element) needs.tokens.push(`.${part.value}`);
      else if (part.name === 'id' && part.action === AttributeAction.Equals) needs.tokens.push(`#${part.value}`);
      else needs.tokens.push(`[${part.name.toLowerCase()}`);
    } else if (part.type === SelectorType.Pseudo) {
      if (INTERACTION.has(part.name)) needs.interaction = true;
      else if (ANY_OF.has(part.name) && Array.isArray(part.data)) {
        const alternatives = part.data.map(needsOf);
        if (alternatives.every((alternative) => alternative.interaction)) needs.interaction = true;
        needs.anyOf.push(alternatives);
      }
      // :not(…) and the rest (:checked, :nth-child, :root…) need nothing more on the page.
    }
  }
  return needs;
}

function satisfied(needs: Needs, tokens: ReadonlySet<string>): boolean {
  return (
    needs.tokens.every((token) => tokens.has(token)) &&
    needs.anyOf.every((alternatives) => alternatives.some((alternative) => satisfied(alternative, tokens)))
  );
}

/** The custom properties a value reads. */
const readsOf = (value: string): string[] => [...value.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]!);

/** A selector that cannot be parsed is kept: better a rule too many. */
function selectorNeeds(selector: string): Needs {
  try {
    const [compounds] = parseSelector(selector);
    return compounds ? needsOf(compounds) : { tokens: [], anyOf: [], interaction: false };
  } catch {
    return { tokens: [], anyOf: [], interaction: false };
  }
}

function layerNames(root: Container): string[] {
  const names = new Set<string>();
  root.walkAtRules('layer', (rule) => {
    let prefix = '';
    for (let parent = rule.parent; parent && parent.type !== 'root'; parent = parent.parent) {
      if (parent.type === 'atrule' && (parent as AtRule).name === 'layer') prefix = `${(parent as AtRule).params}.${prefix}`;
    }
    for (const name of rule.params.split(',')) if (name.trim()) names.add(prefix + name.trim());
  });
  return [...names];
}

/**
 * `@supports` conditions the stylesheet's browsers (Tailwind's baseline: Safari 16.4, Chrome 111, Firefox 128)
 * all meet, or none does. The first page's subset assumes them: a rule under a met condition replaces the
 * fallback before it, and the fallbacks for older browsers are left to the whole stylesheet.
 */
const BASELINE_SUPPORTS: ReadonlyMap<string, boolean> = new Map([
  ['(color:color-mix(in lab, red, red))', true],
  ['(((-webkit-hyphens:none)) and (not (margin-trim:block))) or ((-moz-orient:inline) and (not (color:rgb(from red r g b))))', false],
]);

const isPrintOnly = (rule: AtRule) => rule.name === 'media' && rule.params.split(',').every((query) => /^\s*print\b/.test(query));

/**
 * Removes from the last rule with these selectors in this context the properties a met `@supports` sets again.
 * Sibling rules share their context array, so the same context is the same array.
 */
function dropFallback(items: StylesheetIndex['items'], context: number[], rule: IndexedRule): void {
  const same = (item: StylesheetIndex['items'][number]): item is IndexedRule =>
    !('name' in item) &&
    item.context === context &&
    item.selectors.map(({ text }) => text).join() === rule.selectors.map(({ text }) => text).join();
  const fallback = items.findLast(same);
  if (!fallback) return;
  const replaced = new Set(rule.declarations.map(({ property }) => property));
  fallback.declarations = fallback.declarations.filter(({ property }) => !replaced.has(property));
}

/** Indexes the stylesheet once per process: its rules in order, with what each selector needs. */
export function indexStylesheet(css: string): StylesheetIndex {
  const root = postcss.parse(css);
  const openings: string[] = [];
  const items: StylesheetIndex['items'] = [];
  const visit = (nodes: ChildNode[], context: number[], replacing = false) => {
    for (const node of nodes) {
      if (node.type === 'rule') {
        const rule: IndexedRule = {
          context,
          declarations: (node as Rule).nodes.flatMap((child) =>
            child.type === 'decl' ? [{ property: child.prop, text: String(child), reads: readsOf(child.value) }] : [],
          ),
          selectors: (node as Rule).selectors.map((text) => ({ text, needs: selectorNeeds(text) })),
        };
        if (replacing) dropFallback(items, context, rule);
        items.push(rule);
      } else if (node.type === 'atrule') {
        const atRule = node as AtRule;
        const baseline = atRule.name === 'supports' ? BASELINE_SUPPORTS.get(atRule.params) : undefined;
        if (atRule.name === 'keyframes' || atRule.name === 'property') {
          items.push({ context, name: atRule.params.trim(), text: String(atRule) });
        } else if (baseline === true) {
          visit(atRule.nodes ?? [], context, true);
        } else if (atRule.nodes && baseline === undefined && !isPrintOnly(atRule)) {
          openings.push(`@${atRule.name}${atRule.params ? ` ${atRule.params}` : ''}{`);
          visit(atRule.nodes, [...context, openings.length - 1]);
        }
        // Statements (`@layer a, b;`) are covered by layerOrder; print is for paper, after the page has loaded.
      }
    }
  };
  visit(root.nodes, []);
  return { layerOrder: `@layer ${layerNames(root).join(',')};`, openings, items };
}

/**
 * Tag names (`<div`), classes (`.btn`), ids (`#main`) and attribute names (`[aria-current`) of an HTML page, and
 * every custom property it names (`--value`: a script or an attribute may read one).
 */
export function pageTokens(html: string): Set<string> {
  const tokens = new Set<string>(['<html', '<head', '<body']);
  for (const [name] of html.matchAll(/--[a-z][\w-]*/gi)) tokens.add(name);
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        tokens.add(`<${name}`);
        for (const [attribute, value] of Object.entries(attributes)) {
          tokens.add(`[${attribute}`);
          if (attribute === 'id') tokens.add(`#${value}`);
          if (attribute !== 'class') continue;
          for (const className of value.split(/\s+/)) if (className) tokens.add(`.${className}`);
        }
      },
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return tokens;
}

/** Declarations that act only when a value changes, never on a first paint. */
const ON_CHANGE_ONLY = /^transition/;

/** The custom properties the kept declarations read, directly or through other custom properties. */
function customPropertiesRead(rules: readonly Declaration[][], tokens: ReadonlySet<string>): Set<string> {
  const read = new Set([...tokens].filter((token) => token.startsWith('--')));
  const declarations = rules.flat().filter((declaration) => !ON_CHANGE_ONLY.test(declaration.property));
  for (const declaration of declarations) if (!declaration.property.startsWith('--')) for (const name of declaration.reads) read.add(name);
  for (let grown = true; grown;) {
    const before = read.size;
    for (const { property, reads } of declarations) if (read.has(property)) for (const name of reads) read.add(name);
    grown = read.size > before;
  }
  return read;
}

/** The rules of `index` a page with `tokens` (./pageTokens) needs for its first paint, as CSS. */
export function criticalCss(index: StylesheetIndex, tokens: ReadonlySet<string>): string {
  const kept: { rule: IndexedRule; selectors: string[] }[] = [];
  for (const item of index.items) {
    if ('name' in item) continue;
    const selectors = item.selectors.filter(({ needs }) => !needs.interaction && satisfied(needs, tokens)).map(({ text }) => text);
    if (selectors.length > 0) kept.push({ rule: item, selectors });
  }
  const read = customPropertiesRead(
    kept.map(({ rule }) => rule.declarations),
    tokens,
  );
  const needed = (declaration: Declaration) =>
    !ON_CHANGE_ONLY.test(declaration.property) && (!declaration.property.startsWith('--') || read.has(declaration.property));
  const out = new CssWriter(index);
  for (const { rule, selectors } of kept) {
    const declarations = rule.declarations.filter(needed).map(({ text }) => text);
    if (declarations.length > 0) out.write(rule.context, `${selectors.join(',')}{${declarations.join(';')}}`);
  }
  const keptCss = out.text();
  for (const item of index.items) {
    if (!('name' in item)) continue;
    if (item.name.startsWith('--') ? read.has(item.name) : keptCss.includes(item.name)) out.write(item.context, item.text);
  }
  return out.text();
}

/** Writes rules in their at-rules, opening and closing those as the context changes. */
class CssWriter {
  private readonly parts: string[];
  private open: number[] = [];
  constructor(private readonly index: StylesheetIndex) {
    this.parts = [index.layerOrder];
  }
  write(context: number[], css: string): void {
    let shared = 0;
    while (shared < this.open.length && shared < context.length && this.open[shared] === context[shared]) shared++;
    this.parts.push('}'.repeat(this.open.length - shared), ...context.slice(shared).map((at) => this.index.openings[at]!), css);
    this.open = context;
  }
  text(): string {
    return this.parts.join('') + '}'.repeat(this.open.length);
  }
}
