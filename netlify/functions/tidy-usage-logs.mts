// Scheduled: once a day, folds each closed day of the search log into its summary and deletes its events,
// deletes the log past 180 days, the weekly page-visit marks past the 90 days content health looks at, and
// practice recordings 90 days after their review (docs/architecture.md "Scheduled functions").
import type { Config } from '@netlify/functions';
import { tidySearchLog } from '~/server/search/search-log';
import { removeOldPageVisits } from '~/server/team/page-visit-weeks';
import { deleteExpiredRecordings } from '~/server/practice/recording-cleanup';

export default async function tidyUsageLogs(): Promise<Response> {
  const now = new Date();
  const [searchLog, pageVisitMarksRemoved, recordingsDeleted] = await Promise.all([
    tidySearchLog(now),
    removeOldPageVisits(now),
    deleteExpiredRecordings(now),
  ]);
  const summary = { daysFolded: searchLog.folded, searchEventsRemoved: searchLog.removed, pageVisitMarksRemoved, recordingsDeleted };
  console.log('usage logs tidied', summary);
  return Response.json(summary);
}

export const config: Config = { schedule: '@daily' };
