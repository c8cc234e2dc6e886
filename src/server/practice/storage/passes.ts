/**
 * Passed reviews (`practice-passes/<user>/<scenarioId>/<reviewedAt event id>`): one empty marker per passing
 * review, create-only, so a person's passes (what a plan counts, when a scenario comes back) are one listing.
 */
import { listKeys, writeBytes } from '~/server/storage/blobs';
import { eventId, key, parseEventTime, prefix } from '~/server/storage/keys';

export const passes = {
  add: (userId: string, scenarioId: string, at: Date) =>
    writeBytes(key('practice-passes', userId, scenarioId, eventId(at)), new Uint8Array()),

  /** Each scenario's passing reviews, oldest first. */
  async of(userId: string): Promise<Map<string, Date[]>> {
    const byScenario = new Map<string, Date[]>();
    for (const blobKey of await listKeys(prefix('practice-passes', userId))) {
      const [, , scenarioId, id] = blobKey.split('/');
      const at = id === undefined ? null : parseEventTime(id);
      if (scenarioId && at) byScenario.set(scenarioId, [...(byScenario.get(scenarioId) ?? []), at]);
    }
    for (const times of byScenario.values()) times.sort((a, b) => a.getTime() - b.getTime());
    return byScenario;
  },
};
