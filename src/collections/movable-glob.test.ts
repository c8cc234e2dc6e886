// The three rules by which the glob loader sees Astro's content store (movable-glob.ts), on a store that
// behaves as Astro's does: `set` ignores an entry whose text (digest) it already holds.
import { describe, expect, it } from 'vitest';
import { followMoves } from './movable-glob';

type Entry = { id: string; data: Record<string, unknown>; filePath?: string; digest?: string };

function astroLikeStore(entries: Entry[]) {
  const held = new Map(entries.map((entry) => [entry.id, entry]));
  return {
    held,
    store: {
      get: (id: string) => held.get(id),
      set: (entry: Entry) => {
        if (entry.digest && held.get(entry.id)?.digest === entry.digest) return false;
        held.set(entry.id, entry);
        return true;
      },
      delete: (id: string) => void held.delete(id),
      keys: () => [...held.keys()],
    },
  };
}

/** Files on "disk": path → the id its content gives. */
const disk = (files: Record<string, string>) => (filePath: string, id: string) => files[filePath] === id;

describe('the content store as the glob loader sees it', () => {
  const old = { id: '105', data: { title: 'Quiz' }, filePath: 'content/lessons/01/05-quiz.mdx', digest: 'd1' };

  it('does not hold an entry whose file is gone, so the moved file is read again', () => {
    const { store } = astroLikeStore([old]);
    const seen = followMoves(store as never, disk({ 'content/lessons/01/05-quiz-renamed.mdx': '105' }));
    expect(seen.get('105')).toBeUndefined();
  });

  it('holds an entry whose file still gives its id', () => {
    const { store } = astroLikeStore([old]);
    const seen = followMoves(store as never, disk({ 'content/lessons/01/05-quiz.mdx': '105' }));
    expect(seen.get('105')).toBe(old);
  });

  it('replaces the entry with the same text from its new file (the store alone would keep the old path)', () => {
    const { store, held } = astroLikeStore([old]);
    const seen = followMoves(store as never, disk({ 'content/lessons/01/05-quiz-renamed.mdx': '105' }));
    expect(seen.set({ ...old, filePath: 'content/lessons/01/05-quiz-renamed.mdx' } as never)).toBe(true);
    expect(held.get('105')?.filePath).toBe('content/lessons/01/05-quiz-renamed.mdx');
    expect(seen.set({ ...old, filePath: 'content/lessons/01/05-quiz-renamed.mdx' } as never)).toBe(false);
  });

  it('removes an entry only when no file gives it: not after a rename, yes after a deletion or an id change', () => {
    const moved = { ...old, filePath: 'content/lessons/01/05-quiz-renamed.mdx' };
    const renamed = astroLikeStore([moved]);
    followMoves(renamed.store as never, disk({ 'content/lessons/01/05-quiz-renamed.mdx': '105' })).delete('105');
    expect(renamed.held.has('105')).toBe(true);
    const deleted = astroLikeStore([moved]);
    followMoves(deleted.store as never, disk({})).delete('105');
    expect(deleted.held.has('105')).toBe(false);
    const renumbered = astroLikeStore([moved]);
    followMoves(renumbered.store as never, disk({ 'content/lessons/01/05-quiz-renamed.mdx': '109' })).delete('105');
    expect(renumbered.held.has('105')).toBe(false);
  });

  it('passes everything else to the store', () => {
    const { store } = astroLikeStore([old]);
    expect(followMoves(store as never, disk({})).keys()).toEqual(['105']);
  });
});
