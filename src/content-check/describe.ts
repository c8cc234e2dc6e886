/**
 * Words for where a problem is and what the field is for: 1-based positions with the item's id or title
 * ("question 3 (q3) of quiz 'Lease Types and CRE Metrics'"), and each field's own description from its
 * schema (`.describe()`), which is also the authoring guide.
 */
import type { z } from 'astro/zod';
import type { EntryData } from './source-helpers';

interface Described {
  source: { noun: string; titleOf: (data: EntryData, id: string) => string };
  id: string;
  data: EntryData;
}

/** "quiz 'Lease Types and CRE Metrics'". */
const entryName = (entry: Described): string => `${entry.source.noun} '${entry.source.titleOf(entry.data, entry.id)}'`;

const SINGULAR: Record<string, string> = {
  criteria: 'criterion',
  disqualificationCriteria: 'disqualification criterion',
  personaIds: 'persona id',
  related: 'related term',
  structure: 'structure part',
  body: 'paragraph',
  alsoKnownAs: 'other name',
  whyIWontBuy: '"Why I Won\'t Buy" item',
  whyIWontBuyResponses: '"Why I Won\'t Buy" response',
};

/** "targetPersonas" → "target persona"; "capabilities" → "capability". */
function singular(key: string): string {
  if (SINGULAR[key]) return SINGULAR[key];
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  if (words.endsWith('ies')) return `${words.slice(0, -3)}y`;
  if (words.endsWith('ses')) return words.slice(0, -2);
  if (words.endsWith('s') && !words.endsWith('ss')) return words.slice(0, -1);
  return words;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const clip = (text: string, max = 40) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** " (q3)", " ('Cap rate')" or "" for an item of a list. */
function itemTag(item: unknown): string {
  if (isRecord(item)) {
    const id = item['id'];
    if (typeof id === 'string' || typeof id === 'number') return ` (${id})`;
    const named = ['name', 'title', 'label', 'group', 'criterion', 'objection']
      .map((key) => item[key])
      .find((value) => typeof value === 'string');
    return typeof named === 'string' ? ` ('${clip(named)}')` : '';
  }
  return typeof item === 'string' ? ` ('${clip(item)}')` : '';
}

/** Where `path` points inside the entry, in words, ending with the entry's name. */
export function describePath(entry: Described, path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  let keys: string[] = [];
  let node: unknown = entry.data;
  for (const key of path) {
    if (typeof key === 'number') {
      const list = keys.pop() ?? 'item';
      if (keys.length > 0) parts.push(`\`${keys.join('.')}\``);
      keys = [];
      const item = Array.isArray(node) ? (node[key] as unknown) : undefined;
      parts.push(`${singular(list)} ${key + 1}${itemTag(item)}`);
      node = item;
    } else {
      keys.push(String(key));
      node = isRecord(node) ? node[String(key)] : undefined;
    }
  }
  const field = keys.length > 0 ? [`\`${keys.join('.')}\``] : [];
  return [...field, ...parts.reverse(), entryName(entry)].join(' of ');
}

/** The value at `path` in raw data (undefined when absent). */
export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let node = data;
  for (const key of path) {
    if (Array.isArray(node) && typeof key === 'number') node = node[key] as unknown;
    else if (isRecord(node)) node = node[String(key)];
    else return undefined;
  }
  return node;
}

interface ZodInternals {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, z.ZodType>;
      element?: z.ZodType;
      innerType?: z.ZodType;
      in?: z.ZodType;
      valueType?: z.ZodType;
      options?: z.ZodType[];
    };
  };
  description?: string;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'pipe']);

/** The schema itself, or what an optional/default/pipe wraps, down to an object, array or leaf. */
function unwrapped(schema: z.ZodType): { schema: z.ZodType; description: string | undefined } {
  let current = schema as unknown as ZodInternals;
  let description = current.description;
  while (WRAPPERS.has(current._zod.def.type)) {
    const def = current._zod.def;
    const inner = (def.type === 'pipe' ? def.in : def.innerType) as unknown as ZodInternals | undefined;
    if (!inner) break;
    current = inner;
    description ??= current.description;
  }
  return { schema: current as unknown as z.ZodType, description };
}

/** The schema of the field at `path`, or null when the path leaves the schema. */
function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | null {
  let current: z.ZodType | undefined = schema;
  for (const key of path) {
    if (!current) return null;
    const def: ZodInternals['_zod']['def'] = (unwrapped(current).schema as unknown as ZodInternals)._zod.def;
    if (typeof key === 'number') current = def.element;
    else current = def.shape?.[String(key)] ?? def.valueType;
  }
  return current ?? null;
}

/** The first sentence of the field's description, or null. */
export function fieldDescription(schema: z.ZodType, path: readonly PropertyKey[]): string | null {
  const found = schemaAt(schema, path);
  const description = found ? unwrapped(found).description : undefined;
  if (!description) return null;
  return /^[\s\S]*?[.!?](?=\s+[A-Z(]|$)/.exec(description)?.[0] ?? description;
}

/** The field names an object at `path` allows (for "did you mean"), or []. */
export function allowedFields(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const found = schemaAt(schema, path);
  const shape = found ? (unwrapped(found).schema as unknown as ZodInternals)._zod.def.shape : undefined;
  return shape ? Object.keys(shape) : [];
}

/** A value as an editor wrote it, short. */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'string') return `"${clip(value, 60)}"`;
  return clip(JSON.stringify(value) ?? String(value), 60);
}
