import { describe, expect, it } from 'vitest';
import { looksLike, normalizeUsername, usernameSkeleton } from './usernames';

const ADMIN = 'admin@parcelwise.example';

describe('usernames', () => {
  it('normalises to NFKC, trimmed, lower case', () => {
    expect(normalizeUsername('  \uff21\uff44\uff4d\uff49\uff4e@Parcelwise.EXAMPLE ')).toBe(ADMIN);
    expect(normalizeUsername('Alex@parcelwise.example')).toBe('alex@parcelwise.example');
  });

  it.each([
    ['Cyrillic а', '\u0430dmin@parcelwise.example'],
    ['Greek α', '\u03b1dmin@parcelwise.example'],
    ['Cyrillic і, е', 'adm\u0456n@parc\u0435lwise.example'],
    ['Latin ɑ', '\u0251dmin@parcelwise.example'],
    ['fullwidth', '\uff41\uff44\uff4d\uff49\uff4e@parcelwise.example'],
    ['rn for m', 'adrnin@parcelwise.example'],
    ['rn in the domain', 'admin@parcelwise.exarnple'],
    ['vv for w', 'admin@parcelvvise.example'],
    ['1 for i', 'adm1n@parcelwise.example'],
    ['1 for l', 'admin@parce1wise.example'],
    ['0 for o', 'admin@parcelwise.example'.replace('o', '0')],
    ['a combining acute', 'a\u0301dmin@parcelwise.example'],
    ['a macron', '\u0101dmin@parcelwise.example'],
    ['upper case', 'ADMIN@PARCELWISE.EXAMPLE'],
    ['mixed scripts throughout', '\u0430dm\u0456n@\u0440\u0430r\u0441\u0435lw\u0456s\u0435.\u0435x\u0430mpl\u0435'],
  ])('folds %s onto the administrator address', (_case, lookalike) => {
    expect(usernameSkeleton(lookalike)).toBe(usernameSkeleton(ADMIN));
    expect(looksLike(lookalike, ADMIN)).toBe(true);
  });

  it.each([
    'alex@parcelwise.example',
    'admins@parcelwise.example',
    'admin@parcelwise.com',
    'amin@parcelwise.example',
    'dmin@parcelwise.example',
  ])('keeps %s apart from the administrator address', (other) => {
    expect(looksLike(other, ADMIN)).toBe(false);
  });
});
