/**
 * A deal template as the file its download route serves (/sales-kit/deal-templates/{id}): Markdown a rep
 * opens in any editor or pastes into a shared document, with the guidance and the filled example of every
 * section. Pure, so it is tested without Astro.
 */
import type { DealTemplate } from '~/schemas/deal-templates';

/** The file name the download is saved under. */
export const dealTemplateFileName = (template: Pick<DealTemplate, 'id'>): string => `parcelwise-${template.id}.md`;

/** A table cell as Markdown: no line breaks, pipes escaped. */
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');

function sectionMarkdown(section: DealTemplate['sections'][number]): string[] {
  const table =
    section.columns && section.rows
      ? [
          `| ${section.columns.map(cell).join(' | ')} |`,
          `|${section.columns.map(() => '---').join('|')}|`,
          ...section.rows.map((row) => `| ${row.cells.map(cell).join(' | ')} |`),
          '',
        ]
      : [];
  return [`## ${section.heading}`, '', `_How to fill it in:_ ${section.guidance}`, '', ...(section.example ? [section.example, ''] : []), ...table];
}

/** The whole template as Markdown: title, purpose, when to use it, the example's prospect, sections, rules. */
export function dealTemplateMarkdown(template: DealTemplate): string {
  return [
    `# ${template.title}`,
    '',
    template.purpose,
    '',
    `**When to use it:** ${template.whenToUse}`,
    '',
    `**Filled example:** ${template.example}`,
    '',
    ...template.sections.flatMap(sectionMarkdown),
    '## Rules',
    '',
    ...template.rules.map((rule) => `- ${rule}`),
    '',
    `_From the Parcelwise Sales Kit. Reviewed ${template.review.lastReviewed}; check the Sales Kit for the current version._`,
    '',
  ].join('\n');
}
