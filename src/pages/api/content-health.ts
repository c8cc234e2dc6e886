import type { APIRoute } from 'astro';
import { contentHealthQuerySchema } from '~/shared/api/content-health';
import { contentHealthCsv } from '~/shared/freshness/csv';
import { CONTENT_HEALTH_DENIED } from '~/shared/freshness/status';
import { requestNow } from '~/server/clock';
import { getContentHealth } from '~/server/content-health/content-health';
import { getContentUsage } from '~/server/content-health/content-usage';
import { readQuery } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireAdmin } from '~/server/http/signed-in';

/**
 * GET /api/content-health: the entries overdue for review or due soon, and (JSON only) the usage figures:
 * searches that found nothing and pages nobody visits; administrators only (403 otherwise).
 * `?sort=reviewBy|status|title|kind|ownerName|lastReviewed&direction=ascending|descending`;
 * `?format=csv` answers the same rows as a CSV download.
 */
export const GET: APIRoute = async ({ locals, url, request }) => {
  const query = readQuery(url, contentHealthQuerySchema);
  // The usage figures are read beside the session check (and dropped unseen unless it confirms an administrator).
  const { data: usage } = await requireAdmin(
    locals,
    () => (query.format === 'json' ? getContentUsage(requestNow(request)) : Promise.resolve(null)),
    CONTENT_HEALTH_DENIED,
  );
  const health = await getContentHealth(query);
  if (usage) return json({ ...health, usage });
  return new Response(contentHealthCsv(health.rows, url.origin), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="content-health-${health.today}.csv"`,
    },
  });
};
