// The https test server's certificate: made with openssl at start, for the loopback addresses, a day long.
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { selfSignedCertificate } from './self-signed';

describe('selfSignedCertificate', () => {
  it('makes a certificate and its key for 127.0.0.1 and localhost, valid for a day from now', () => {
    const { key, cert } = selfSignedCertificate();
    const certificate = new X509Certificate(cert);
    expect(certificate.subjectAltName).toBe('IP Address:127.0.0.1, DNS:localhost');
    expect(certificate.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(certificate.checkHost('localhost')).toBe('localhost');
    expect(certificate.checkPrivateKey(createPrivateKey(key))).toBe(true);
    const lifetime = Date.parse(certificate.validTo) - Date.parse(certificate.validFrom);
    expect(lifetime).toBe(24 * 60 * 60 * 1000);
    expect(Date.parse(certificate.validFrom)).toBeLessThanOrEqual(Date.now());
  });
});
