/**
 * A review card as stored in caches (the review snapshot, the team rollup): a tuple, since a team holds
 * thousands of them. The same card as ~/shared/review/memory `Card`, field for field, so a cached card folds
 * on exactly as the one it was saved from.
 */
import { z } from 'zod';
import type { Card } from '~/shared/review/memory';

const day = z.number().int();

/** [stability, difficulty, reps, lapses, last day, due day, first day, material revision]. */
export const storedCardSchema = z.tuple([
  z.number().nonnegative(),
  z.number().nonnegative(),
  z.number().int().nonnegative(),
  z.number().int().nonnegative(),
  day,
  day,
  day,
  z.number().int().positive(),
]);
export type StoredCard = z.infer<typeof storedCardSchema>;

export const storeCard = (card: Card): StoredCard => [
  card.stability,
  card.difficulty,
  card.reps,
  card.lapses,
  card.last,
  card.due,
  card.first,
  card.revision,
];

export const readCard = ([stability, difficulty, reps, lapses, last, due, first, revision]: StoredCard): Card => ({
  stability,
  difficulty,
  reps,
  lapses,
  last,
  due,
  first,
  revision,
});

export const storeCards = (cards: Readonly<Record<string, Card>>): Record<string, StoredCard> =>
  Object.fromEntries(Object.entries(cards).map(([key, card]) => [key, storeCard(card)]));

export const readCards = (cards: Readonly<Record<string, StoredCard>>): Record<string, Card> =>
  Object.fromEntries(Object.entries(cards).map(([key, card]) => [key, readCard(card)]));
