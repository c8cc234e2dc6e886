import type { APIRoute } from 'astro';
import { dealTemplateFileName, dealTemplateMarkdown } from '~/server/content/deal-template-file';
import { getDealTemplate } from '~/server/content/deal-templates';
import { signedIn } from '~/server/http/signed-in';

/**
 * GET /sales-kit/deal-templates/{id}: the filled example of a deal template as a Markdown file to save
 * (never a public file: it is served here, behind the session check, to signed-in staff only; signed out,
 * the sign-in page). 404 for a template that does not exist.
 */
export const GET: APIRoute = async ({ locals, params, redirect }) => {
  const [who, template] = await Promise.all([signedIn(locals), getDealTemplate(params.id ?? '')]);
  if (!who) return redirect('/auth', 303);
  if (!template) return new Response('No such deal template.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(dealTemplateMarkdown(template), {
    headers: {
      'Content-Type': 'text/markdown; charset=utf-8',
      'Content-Disposition': `attachment; filename="${dealTemplateFileName(template)}"`,
    },
  });
};
