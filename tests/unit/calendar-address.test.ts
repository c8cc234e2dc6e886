// A calendar's private address is stored sealed and shown back only as its host and last four characters.
import { describe, expect, it } from 'vitest';
import { addressHint, openAddress, sealAddress } from '~/server/calendar/calendar-address';

const ADDRESS = 'https://calendar.google.com/calendar/ical/alex%40parcelwise.example/private-9f8e7d6c5b4a/basic.ics';

describe('the sealed calendar address', () => {
  it('opens to the address it sealed, and its stored form does not contain it', () => {
    process.env['PARCELWISE_LOCAL'] = 'true';
    const sealed = sealAddress(ADDRESS);
    expect(openAddress(sealed)).toBe(ADDRESS);
    expect(JSON.stringify(sealed)).not.toMatch(/private|google|9f8e7d6c5b4a/);
    // A fresh nonce each time: the same address never seals the same way twice.
    expect(sealAddress(ADDRESS).data).not.toBe(sealed.data);
  });

  it('does not open when altered, or under another SESSION_SECRET', () => {
    const sealed = sealAddress(ADDRESS);
    const altered = { ...sealed, data: `${sealed.data.slice(0, -2)}${sealed.data.endsWith('A') ? 'BB' : 'AA'}` };
    expect(openAddress(altered)).toBeNull();
    const before = process.env['SESSION_SECRET'];
    process.env['SESSION_SECRET'] = 'another-secret-of-at-least-thirty-two-characters';
    try {
      expect(openAddress(sealed)).toBeNull();
    } finally {
      if (before === undefined) delete process.env['SESSION_SECRET'];
      else process.env['SESSION_SECRET'] = before;
    }
  });

  it('is shown as its host and last four characters', () => {
    expect(addressHint(ADDRESS)).toBe('calendar.google.com ….ics');
    expect(addressHint('https://outlook.office365.com/owa/calendar/abc/def/reachcalendar.ics?x=1a2b')).toBe('outlook.office365.com …1a2b');
  });
});
