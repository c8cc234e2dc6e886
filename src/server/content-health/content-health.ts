// The Content health list (/content-health and GET /api/content-health, administrators only): every
// content entry overdue for review or due within SOON_DAYS, with owner, dates and a link, sorted as
// asked. `today` comes from the one clock (src/server/clock.ts) unless a caller passes one.
import type { ContentHealth, ContentHealthQuery } from '~/shared/api/content-health';
import { getFreshnessRecords } from '~/server/content/freshness';
import { healthRows, sortHealthRows, SOON_DAYS } from '~/shared/freshness/status';
import { today as clockToday } from '~/server/clock';

export async function getContentHealth(
  order: Pick<ContentHealthQuery, 'sort' | 'direction'> = { sort: 'reviewBy', direction: 'ascending' },
  today: string = clockToday(),
): Promise<ContentHealth> {
  const records = await getFreshnessRecords();
  const rows = sortHealthRows(healthRows(records, today, SOON_DAYS), order.sort, order.direction);
  return { today, soonDays: SOON_DAYS, checked: records.length, rows };
}
