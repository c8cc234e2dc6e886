// A calendar's private address is a secret (whoever has it reads the calendar): stored sealed with
// AES-256-GCM under a key derived from SESSION_SECRET for this one purpose (HKDF-SHA256, as the cookie keys
// are), shown back only as its host and last four characters, and never logged. The person's own feed
// token (calendar-feed.ts) is sealed the same way, under a key of its own purpose.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { sessionSecret } from '~/server/config';

/** A sealed address: base64url of the nonce, the ciphertext and the tag. */
export interface SealedAddress {
  iv: string;
  data: string;
  tag: string;
}

/** What a sealed secret is: each purpose has its own key. */
type Purpose = 'parcelwise-calendar-address' | 'parcelwise-calendar-feed';

// No deploy context in the info: the hourly refresh runs in its own function, which must open what the site sealed.
const keyFor = (purpose: Purpose): Buffer => Buffer.from(hkdfSync('sha256', sessionSecret(), 'parcelwise-learning-hub', purpose, 32));

export function sealAddress(address: string, purpose: Purpose = 'parcelwise-calendar-address'): SealedAddress {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(purpose), iv);
  const data = Buffer.concat([cipher.update(address, 'utf8'), cipher.final()]);
  return { iv: iv.toString('base64url'), data: data.toString('base64url'), tag: cipher.getAuthTag().toString('base64url') };
}

/** The address, or null when it does not open (another secret sealed it, or it was altered). */
export function openAddress(sealed: SealedAddress, purpose: Purpose = 'parcelwise-calendar-address'): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(purpose), Buffer.from(sealed.iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** What the page shows of an address: `calendar.google.com …f3a9.ics`. */
export function addressHint(address: string): string {
  const url = URL.parse(address);
  return `${url?.host ?? '?'} …${address.slice(-4)}`;
}
