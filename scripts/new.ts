/**
 * `npm run new -- <kind> [options]`: writes a new content entry that passes the content check, with the
 * next free id and place, a review block owned by you, and every field to fill written as an instruction;
 * then says where to preview it (scripts/lib/scaffold.ts). content/README.md "Scaffolds" lists the kinds.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { SCAFFOLD_KINDS, scaffold, ScaffoldError, type ScaffoldKind } from './lib/scaffold';

const USAGE = `Usage: npm run new -- <kind> [options]

Kinds and their options:
  lesson              --module <id> [--title "Reading a Rent Roll"]
  quiz                [--title "Reading Leases"] [--lesson <id of the lesson that teaches the answers>]
  quiz-question       --quiz <id> [--lesson <id of the lesson that teaches the answer>]
  persona             [--title "First Last"] [--role decision_maker|influencer|user|champion] [--segment <8-11>]
  objection           [--persona <id>] [--title "We already use a data room."]
  discovery-question  [--persona <id>] [--title "What does a month of vacancy cost you?"]

Every kind: --owner <your id in content/company/team.yaml> (else taken from git config user.email).`;

/** The team id git's user.email suggests (maya.chen@… → maya-chen), or ''. */
function ownerFromGit(root: string): string {
  try {
    const email = execFileSync('git', ['config', 'user.email'], { cwd: root, encoding: 'utf8' }).trim();
    return email.split('@')[0]!.toLowerCase().replace(/[._]+/g, '-');
  } catch {
    return '';
  }
}

const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));

try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      owner: { type: 'string' },
      title: { type: 'string' },
      module: { type: 'string' },
      quiz: { type: 'string' },
      lesson: { type: 'string' },
      persona: { type: 'string' },
      role: { type: 'string' },
      segment: { type: 'string' },
      today: { type: 'string' },
      root: { type: 'string' },
    },
  });
  const root = values.root ?? join(import.meta.dirname, '..');
  const kind = positionals[0] as ScaffoldKind | undefined;
  if (!kind || !SCAFFOLD_KINDS.includes(kind)) throw new ScaffoldError(USAGE);
  const made = scaffold(root, {
    kind,
    owner: values.owner ?? ownerFromGit(root),
    today: values.today ?? new Date().toISOString().slice(0, 10),
    title: values.title,
    module: number(values.module),
    quiz: number(values.quiz),
    lesson: number(values.lesson),
    persona: number(values.persona),
    role: values.role,
    segment: number(values.segment),
  });
  const path = join(root, made.file);
  if (made.mode === 'create' && existsSync(path)) throw new ScaffoldError(`${made.file} exists already: pick another --title.`);
  mkdirSync(dirname(path), { recursive: true });
  // Written whole, then moved into place: a running dev server never reads half a file.
  const temporary = join(dirname(path), `.${basename(path)}.new`);
  writeFileSync(temporary, made.mode === 'create' ? made.text : readFileSync(path, 'utf8') + made.text);
  renameSync(temporary, path);
  console.log(`${made.mode === 'create' ? 'Wrote' : 'Added to'} ${made.file}: ${made.made}.`);
  console.log('Fill in every line that starts with "Write", then preview it:');
  console.log(`  npm run dev, then open http://127.0.0.1:4321${made.preview}`);
  console.log('The content check (npm run check:content) says what is still missing.');
} catch (error) {
  if (!(error instanceof ScaffoldError)) throw error;
  console.error(error.message);
  process.exit(1);
}
