// Event ids: random ones, and ids derived from a fact (the same fact at any time shares its digest).
import { describe, expect, it } from 'vitest';
import { eventId, factDigest, factEventId, factIdentity, parseEventTime } from './keys';

describe('event ids', () => {
  const at = new Date('2027-03-04T05:06:07.089Z');

  it('derives an id from the fact and the time: sortable by time, the same for the same fact and time', () => {
    const id = factEventId(at, 'lesson', 'user-1', 1, '101');
    expect(id).toMatch(/^2027-03-04T05-06-07-089Z_[0-9a-f]{12}$/);
    expect(factEventId(at, 'lesson', 'user-1', 1, '101')).toBe(id);
    expect(parseEventTime(id)).toEqual(at);
    expect(factEventId(at, 'lesson', 'user-1', 1, '102')).not.toBe(id);
    // Parts are kept apart: ('a', 'bc') is not ('ab', 'c').
    expect(factDigest('a', 'bc')).not.toBe(factDigest('ab', 'c'));
  });

  it('names the fact of a derived id at any time; a random id names none', () => {
    const later = new Date(at.getTime() + 60_000);
    expect(factIdentity(factEventId(at, 'x', 1))).toBe(factDigest('x', 1));
    expect(factIdentity(factEventId(later, 'x', 1))).toBe(factDigest('x', 1));
    expect(factIdentity(eventId(at))).toBeNull();
    expect(factIdentity('no-underscore')).toBeNull();
    expect(factIdentity('2027-03-04T05-06-07-089Z_ABCDEF123456')).toBeNull();
  });
});
