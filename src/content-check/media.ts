/**
 * Pictures are files of the repository, resized by the build (Astro's image pipeline) and served by the
 * site itself, the only source its security policy allows for images (`img-src 'self'`): a persona's
 * avatar must be a file of content/personas/avatars/, and a picture in a lesson (or module introduction)
 * a file next to it, written as Markdown (`![what it shows](./images/rent-roll.webp)`) with its text for
 * readers who cannot see it. A picture from another site shows in the dev server and is blocked in production.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describePath } from './describe';
import type { Problem } from './problems';
import type { RawEntry } from './read';

const MARKDOWN_IMAGE = /!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const HTML_IMAGE = /<img\b[^>]*>/gi;
const PICTURE = /\.(jpe?g|png|webp|avif|gif|svg)$/i;

const title = (entry: RawEntry) => `${entry.source.noun} '${entry.source.titleOf(entry.data, entry.id)}'`;
const folderOf = (entry: RawEntry) => dirname(entry.file);

function avatarProblem(root: string, entry: RawEntry): Problem[] {
  const avatar = entry.data['avatar'];
  // A malformed value is the schema's problem; here only a well-formed path to a missing file.
  if (typeof avatar !== 'string' || !avatar.startsWith('./') || existsSync(join(root, folderOf(entry), avatar))) return [];
  return [
    {
      file: entry.file,
      line: entry.lineOf(['avatar']),
      where: describePath(entry, ['avatar']),
      message: `is ${avatar}, but there is no such file in ${folderOf(entry)}/avatars/`,
      fix: `Save the picture as ${folderOf(entry)}/${avatar.slice(2)} (square, at least 160 × 160 pixels), or correct the name; leave avatar out to show initials.`,
    },
  ];
}

function bodyPictureProblems(root: string, entry: RawEntry): Problem[] {
  const where = `The body of ${title(entry)}`;
  const folder = folderOf(entry);
  const example = `![What the picture shows](./images/rent-roll.webp), the file saved as ${folder}/images/rent-roll.webp`;
  const problems: Problem[] = [];
  (entry.body ?? '').split('\n').forEach((text, index) => {
    const line = (entry.bodyLine ?? 1) + index;
    const at = (message: string, fix: string) => problems.push({ file: entry.file, line, where, message, fix });
    for (const [, alt = '', src = ''] of text.matchAll(MARKDOWN_IMAGE)) {
      if (/^[a-z]+:/i.test(src))
        at(
          `shows a picture from another site (${src}), which the site's security policy blocks in production`,
          `Save the picture in the repository next to the lesson and link it from there: ${example}. The build resizes it.`,
        );
      else if (!src.startsWith('./') && !src.startsWith('../'))
        at(
          `shows the picture ${src}, written from the site's root: the build cannot resize it`,
          `Write its path from this file: ${example}.`,
        );
      else if (!PICTURE.test(src))
        at(`shows ${src}, which is not a picture (jpg, png, webp, avif, gif or svg)`, `Link a picture file: ${example}.`);
      else if (!existsSync(join(root, folder, src)))
        at(`shows the picture ${src}, but there is no such file in ${folder}`, `Save the picture there, or correct the path: ${example}.`);
      if (alt.trim() === '')
        at(
          `shows the picture ${src} without a text for readers who cannot see it`,
          'Write what the picture shows between the brackets: ![A rent roll with three suites](./images/rent-roll.webp).',
        );
    }
    for (const [tag] of text.matchAll(HTML_IMAGE))
      at(`has an HTML picture (${tag.slice(0, 60)}), which the build does not resize`, `Write it as a Markdown picture: ${example}.`);
  });
  return problems;
}

/** Every picture that is not a file of the repository, is missing, or has no text. */
export function checkMedia(root: string, entries: readonly RawEntry[]): Problem[] {
  return entries.flatMap((entry) => [
    ...(entry.source.collection === 'personas' ? avatarProblem(root, entry) : []),
    ...(entry.body === undefined ? [] : bodyPictureProblems(root, entry)),
  ]);
}
