/**
 * A self-signed certificate for the loopback addresses, made at start with the openssl command line (an
 * EC P-256 key, valid for a day, subjectAltName 127.0.0.1 and localhost): what `npm run serve:built --
 * --https` serves with, so the end-to-end suite can check what only happens over https (the `__Host-`
 * cookie prefix, Secure cookies, Strict-Transport-Security). Browsers are told to accept it
 * (Playwright's `ignoreHTTPSErrors`); nothing is installed or trusted system-wide.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const folder = mkdtempSync(path.join(tmpdir(), 'parcelwise-tls-'));
  try {
    const keyFile = path.join(folder, 'key.pem');
    const certFile = path.join(folder, 'cert.pem');
    // prettier-ignore
    const args = [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ];
    try {
      execFileSync('openssl', args, { stdio: 'pipe' });
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      const message = missing
        ? 'The https test server needs the openssl command (apt-get install openssl).'
        : 'openssl could not make a certificate.';
      throw new Error(message, { cause: error });
    }
    return { key: readFileSync(keyFile), cert: readFileSync(certFile) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
