/**
 * Certificates (`program-certificates/<user>/<programId>/<startDate>`): recorded once, when a plan is
 * first seen with every required item done, so later changes (mastery fading, a lesson revised) never
 * take it away: a revised lesson shows it as "renewal needed", and it expires months after `issuedAt`.
 * Create-only: the first record stays.
 */
import { z } from 'zod';
import { listKeys, mapLimit, readJSON, writeJSON } from '~/server/storage/blobs';
import { key, prefix } from '~/server/storage/keys';

const storedCertificateSchema = z.strictObject({
  programId: z.string(),
  startDate: z.iso.date(),
  issuedAt: z.iso.datetime(),
});
export type StoredCertificate = z.infer<typeof storedCertificateSchema>;

export const certificates = {
  add: (userId: string, certificate: StoredCertificate) =>
    writeJSON(key('program-certificates', userId, certificate.programId, certificate.startDate), storedCertificateSchema, certificate, {
      onlyIfNew: true,
    }),

  keys: (userId: string) => listKeys(prefix('program-certificates', userId)),

  /** The certificates of the listed keys. */
  async read(keys: readonly string[]): Promise<StoredCertificate[]> {
    const read = await mapLimit(keys, (blobKey) => readJSON(blobKey, storedCertificateSchema));
    return read.filter((certificate) => certificate !== null);
  },
};
