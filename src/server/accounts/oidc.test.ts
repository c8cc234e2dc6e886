import { describe, expect, it } from 'vitest';
import type { OidcSettings } from '~/server/config';
import { isPreviewOrigin, previewCallback, SsoFailure, verifiedIdentity } from './oidc';

const settings = { allowedDomains: ['parcelwise.example', 'parcelwise.test'] };
const ISSUED = { iss: 'https://accounts.google.com', sub: '1029384756' };
const reasonOf = (claims: Record<string, unknown>) => {
  try {
    verifiedIdentity(settings, { ...ISSUED, ...claims } as never);
    return null;
  } catch (error) {
    return error instanceof SsoFailure ? error.reason : error;
  }
};

describe('verifiedIdentity', () => {
  it('takes a verified address of an allowed domain (Google: email_verified), lower-cased, with the name', () => {
    const claims = { ...ISSUED, email: 'Ana.Diaz@Parcelwise.example', email_verified: true, name: ' Ana Díaz ' };
    expect(verifiedIdentity(settings, claims as never)).toEqual({
      issuer: 'https://accounts.google.com',
      subject: '1029384756',
      email: 'ana.diaz@parcelwise.example',
      name: 'Ana Díaz',
    });
  });

  it('takes Microsoft Entra ID’s domain-owner verification (xms_edov), and names a person without a name by the address', () => {
    expect(verifiedIdentity(settings, { ...ISSUED, email: 'bo@parcelwise.test', xms_edov: true } as never)).toMatchObject({
      email: 'bo@parcelwise.test',
      name: 'bo',
    });
    expect(verifiedIdentity(settings, { ...ISSUED, email: 'bo@parcelwise.test', xms_edov: '1' } as never).email).toBe('bo@parcelwise.test');
  });

  it('refuses an address nobody verified, a missing one, and one of another domain (a subdomain included)', () => {
    expect(reasonOf({ email: 'ana@parcelwise.example', email_verified: false })).toBe('unverified');
    expect(reasonOf({ email: 'ana@parcelwise.example' })).toBe('unverified');
    expect(reasonOf({ email_verified: true })).toBe('unverified');
    expect(reasonOf({ email: 'ana@elsewhere.example', email_verified: true })).toBe('domain');
    expect(reasonOf({ email: 'ana@eu.parcelwise.example', email_verified: true })).toBe('domain');
  });

  it('refuses an address that Unicode normalisation would turn into another one (fullwidth letters, ligatures)', () => {
    expect(reasonOf({ email: '\uff41lex@parcelwise.example', email_verified: true })).toBe('address');
    expect(reasonOf({ email: '\ufb01nance@parcelwise.example', email_verified: true })).toBe('address');
    expect(reasonOf({ email: 'alex@parcelwise.example', email_verified: true })).toBeNull();
  });

  it('needs the issuer and the subject the account is bound to', () => {
    expect(reasonOf({ email: 'ana@parcelwise.example', email_verified: true, sub: '' })).toBe('token');
    expect(reasonOf({ email: 'ana@parcelwise.example', email_verified: true, iss: undefined })).toBe('token');
  });
});

describe('deploy previews signing in through production', () => {
  const production: OidcSettings = {
    issuer: new URL('https://accounts.google.com'),
    clientId: 'client',
    clientSecret: 'secret',
    allowedDomains: ['parcelwise.example'],
    label: 'Sign in with Google',
    signInOrigin: null,
    previewOrigins: ['https://*--parcelwise-hub.netlify.app', 'https://staging.parcelwise.example'],
  };
  const stateFor = (origin: string) => `abcDEF123-_.${Buffer.from(origin).toString('base64url')}`;
  const relay = (state: string) =>
    new URL(`https://hub.parcelwise.example/auth/preview-callback?code=the-code&state=${encodeURIComponent(state)}&iss=x`);
  it('allows a preview address the patterns name, * standing for letters, digits and - within the first label', () => {
    for (const origin of ['https://deploy-preview-42--parcelwise-hub.netlify.app', 'https://staging.parcelwise.example']) {
      expect(isPreviewOrigin(production, origin), origin).toBe(true);
    }
    for (const origin of [
      'https://evil.example',
      'https://a.b--parcelwise-hub.netlify.app', // a dot: another host
      'https://deploy-preview-42--parcelwise-hub.netlify.app.evil.example',
      'http://deploy-preview-42--parcelwise-hub.netlify.app', // not https
      'https://deploy-preview-42--parcelwise-hubXnetlify.app', // the dot is a dot
      'https://--parcelwise-hub.netlify.app',
      'https://staging.parcelwise.example:8443',
    ]) {
      expect(isPreviewOrigin(production, origin), origin).toBe(false);
    }
  });

  it('sends the answer to a preview’s sign-in on to the preview’s callback, query and all', () => {
    const state = stateFor('https://deploy-preview-42--parcelwise-hub.netlify.app');
    expect(previewCallback(production, relay(state)).href).toBe(
      `https://deploy-preview-42--parcelwise-hub.netlify.app/auth/callback?code=the-code&state=${encodeURIComponent(state)}&iss=x`,
    );
  });

  it('relays nothing else: a state without an address, one naming this site, or a preview it does not allow', () => {
    const refused = [
      'abcDEF123-_',
      stateFor('https://hub.parcelwise.example'),
      stateFor('https://evil.example'),
      'abc.%%%',
      stateFor('https://x.y--parcelwise-hub.netlify.app'),
    ];
    for (const state of refused) expect(() => previewCallback(production, relay(state)), state).toThrow(SsoFailure);
    expect(() => previewCallback({ ...production, previewOrigins: [] }, relay(stateFor('https://a--parcelwise-hub.netlify.app')))).toThrow(
      SsoFailure,
    );
  });
});
