import type { APIRoute } from 'astro';
import { csvTableState, GENERATED_AT_HEADER, teamCsvQuerySchema } from '~/shared/api/team';
import { requestNow } from '~/server/clock';
import { readQuery } from '~/server/http/request';
import { requireAdmin } from '~/server/http/signed-in';
import { getTeamProgress } from '~/server/team/team-progress';
import { teamProgressCsv } from '~/shared/team/csv';
import { sortedRows, teamMembers } from '~/shared/team/team-table';

/**
 * GET /api/team-progress/csv: team-progress.csv of every team member the filter and Find keep, in the table's order
 * (`?sort=&direction=&find=&filter=`, as Team Progress's links carry them); administrators only (403 otherwise).
 */
export const GET: APIRoute = async ({ locals, url, request }) => {
  const state = csvTableState(readQuery(url, teamCsvQuerySchema));
  const { rows, generatedAt } = (await requireAdmin(locals, () => getTeamProgress({ now: requestNow(request) }))).data;
  const csv = teamProgressCsv(sortedRows(teamMembers(rows), state, new Date(generatedAt)));
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="team-progress.csv"',
      [GENERATED_AT_HEADER]: generatedAt,
    },
  });
};
