/**
 * Revisions of lessons and quiz questions (content/README.md "Revisions"; docs/product.md "Content rules"):
 * which revision's completions and answers still count. Zod-free: content queries, services and the
 * team figures share it.
 */
import type { ContentChange } from '~/shared/vocabulary';

interface Revised {
  revision?: number | undefined;
  change?: ContentChange | undefined;
  materialRevision?: number | undefined;
}

/** The revision of the latest material change (1 when there was none): what came before it no longer counts. */
export const materialRevisionOf = (item: Revised): number =>
  item.change === 'material' ? (item.revision ?? 1) : (item.materialRevision ?? 1);

/** A completed lesson as its key records it: `<lesson>` (revision 1, and every completion before revisions) or `<lesson>.r<n>`. */
export function parseCompletedLesson(code: string): { lessonId: string; revision: number } | null {
  const match = /^([^.]+)(?:\.r([1-9]\d{0,5}))?$/.exec(code);
  return match ? { lessonId: match[1]!, revision: match[2] === undefined ? 1 : Number(match[2]) } : null;
}

/** The key code of a lesson completed on a revision. */
export const completedLessonCode = (lessonId: number | string, revision: number): string =>
  revision === 1 ? String(lessonId) : `${lessonId}.r${revision}`;
