import { describe, expect, it } from 'vitest';
import { clientAddressOf, throttleAddress, throttleNetwork } from './client-address';

describe('throttleAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['[2001:db8::1]', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:198.51.100.4', '198.51.100.4'],
    ['::1', '0:0:0:0::/64'],
    ['', 'none'],
    ['unknown', 'none'],
    [null, 'none'],
    ['999.1.1.1', 'none'],
  ])('%s → %s', (reported, expected) => {
    expect(throttleAddress(reported)).toBe(expected);
  });

  it.each([
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1::/48'],
    ['2001:db8:1:ffff::1', '2001:db8:1::/48'],
    ['[2001:db8::1]', '2001:db8:0::/48'],
    ['203.0.113.7', null],
    ['::ffff:198.51.100.4', null],
    ['', null],
  ])('%s is counted by the /48 %s as well', (reported, network) => {
    expect(throttleNetwork(throttleAddress(reported))).toBe(network);
  });

  it('treats a platform without an address as the shared "none" address', () => {
    const context = {
      get clientAddress(): string {
        throw new Error('clientAddress is not available');
      },
    };
    expect(clientAddressOf(context)).toBe('none');
  });
});
