/**
 * What the local mail capture received (tools/local-mail; `.netlify/mail/`):
 *
 *   npm run mail              lists the messages, newest last
 *   npm run mail -- <n>       prints message n (its plain text part and headers); `last` for the newest
 *   npm run mail -- --html <n> prints its HTML part
 *   npm run mail -- --clear   deletes them all
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { simpleParser } from 'mailparser';
import { LOCAL_MAIL_FOLDER } from '~tools/local-mail/for-local-run';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { html: { type: 'boolean', default: false }, clear: { type: 'boolean', default: false } },
});
const files = (await readdir(LOCAL_MAIL_FOLDER).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();

if (values.clear) {
  await rm(LOCAL_MAIL_FOLDER, { recursive: true, force: true });
  console.log(`${files.length} message(s) deleted.`);
} else if (files.length === 0) {
  console.log('No mail has arrived (.netlify/mail/ is empty).');
} else if (positionals[0] === undefined) {
  for (const [index, file] of files.entries()) {
    const mail = await simpleParser(await readFile(path.join(LOCAL_MAIL_FOLDER, file)));
    console.log(
      `${String(index + 1).padStart(3)}  ${mail.date?.toISOString() ?? ''}  ${mail.to && 'text' in mail.to ? mail.to.text : ''}  ${mail.subject ?? ''}`,
    );
  }
  console.log('Print one with `npm run mail -- <number>` (or `last`).');
} else {
  const index = positionals[0] === 'last' ? files.length - 1 : Number(positionals[0]) - 1;
  const file = files[index];
  if (!file) {
    console.error(`No message ${positionals[0]}: there are ${files.length}.`);
    process.exit(2);
  }
  const mail = await simpleParser(await readFile(path.join(LOCAL_MAIL_FOLDER, file)));
  for (const line of mail.headerLines.filter((header) =>
    ['from', 'to', 'subject', 'date', 'list-unsubscribe', 'list-unsubscribe-post'].includes(header.key),
  )) {
    console.log(line.line.replace(/\r\n\s+/g, ' '));
  }
  console.log('');
  console.log(values.html ? String(mail.html) : (mail.text ?? ''));
}
