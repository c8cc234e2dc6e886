import { describe, expect, it } from 'vitest';
import { SsoFailure, verifiedIdentity } from './oidc';

const settings = { allowedDomains: ['parcelwise.example', 'parcelwise.test'] };
const reasonOf = (claims: Record<string, unknown>) => {
  try {
    verifiedIdentity(settings, claims as never);
    return null;
  } catch (error) {
    return error instanceof SsoFailure ? error.reason : error;
  }
};

describe('verifiedIdentity', () => {
  it('takes a verified address of an allowed domain (Google: email_verified), lower-cased, with the name', () => {
    expect(verifiedIdentity(settings, { email: 'Ana.Diaz@Parcelwise.example', email_verified: true, name: ' Ana Díaz ' } as never)).toEqual(
      {
        email: 'ana.diaz@parcelwise.example',
        name: 'Ana Díaz',
      },
    );
  });

  it('takes Microsoft Entra ID’s domain-owner verification (xms_edov), and names a person without a name by the address', () => {
    expect(verifiedIdentity(settings, { email: 'bo@parcelwise.test', xms_edov: true } as never)).toEqual({
      email: 'bo@parcelwise.test',
      name: 'bo',
    });
    expect(verifiedIdentity(settings, { email: 'bo@parcelwise.test', xms_edov: '1' } as never).email).toBe('bo@parcelwise.test');
  });

  it('refuses an address nobody verified, a missing one, and one of another domain (a subdomain included)', () => {
    expect(reasonOf({ email: 'ana@parcelwise.example', email_verified: false })).toBe('unverified');
    expect(reasonOf({ email: 'ana@parcelwise.example' })).toBe('unverified');
    expect(reasonOf({ email_verified: true })).toBe('unverified');
    expect(reasonOf({ email: 'ana@elsewhere.example', email_verified: true })).toBe('domain');
    expect(reasonOf({ email: 'ana@eu.parcelwise.example', email_verified: true })).toBe('domain');
  });
});
