import type { APIRoute } from 'astro';
import { contentHealthQuerySchema } from '~/lib/api/content-health';
import { contentHealthCsv } from '~/lib/freshness/csv';
import { CONTENT_HEALTH_DENIED } from '~/lib/freshness/status';
import { readQuery } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { requireAdmin } from '~/lib/server/http/signed-in';
import { getContentHealth } from '~/lib/server/content-health/content-health';

export const prerender = false;

/**
 * GET /api/content-health: the entries overdue for review or due soon, administrators only (403
 * otherwise). `?sort=reviewBy|status|title|kind|ownerName|lastReviewed&direction=ascending|descending`;
 * `?format=csv` answers the same rows as a CSV download.
 */
export const GET: APIRoute = async ({ locals, url }) => {
  await requireAdmin(locals, undefined, CONTENT_HEALTH_DENIED);
  const query = readQuery(url, contentHealthQuerySchema);
  const health = await getContentHealth(query);
  if (query.format === 'json') return json(health);
  return new Response(contentHealthCsv(health.rows, url.origin), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="content-health-${health.today}.csv"`,
    },
  });
};
