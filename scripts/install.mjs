// `npm install` for `npm start` and `npm test`, with its output made readable on this machine's Node 20.
//
// The project runs on Node 22, which the install itself provides (the `node` devDependency puts it in
// node_modules/.bin, and every `npm run …` uses it). npm checks each package's `engines` against the Node
// it runs on, so on Node 20 it prints a five-line EBADENGINE warning for every package that needs 22 —
// about seventy of them — before anything useful. Those are folded into one line here; an engine warning
// that the provided Node 22 would not satisfy either, and every other line npm prints, stay as they are.
// Plain JavaScript on purpose: it runs on Node 20, before anything is installed.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { takeInstallLock } from './install-lock.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const major = Number(process.versions.node.split('.')[0]);

// `npm start` and `npm test` may be started side by side in one checkout: one install at a time
// (scripts/install-lock.mjs).
await takeInstallLock(path.join(root, '.install-lock'), () =>
  console.log('Another install is running in this checkout (npm start or npm test): waiting for it to finish…'),
);
// Ctrl-C or a kill ends the process through `exit`, which releases the lock.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => process.exit(130));

console.log(`Installing dependencies (npm install; a few minutes on a cold cache).`);
if (major !== 22) {
  console.log(
    `This machine runs Node ${process.versions.node}; the app needs Node 22, which this install adds to node_modules/.bin ` +
      `(the "node" devDependency) and every "npm run" command then uses. Warnings about it are summarised at the end.`,
  );
}

/** One EBADENGINE block: its lines as npm printed them, and the package and Node range it names. */
const blocks = [];
let open = null;

function onLine(line) {
  if (/^npm warn EBADENGINE Unsupported engine \{/.test(line)) {
    open = { lines: [line], pkg: '', range: '' };
    return;
  }
  if (open && line.startsWith('npm warn EBADENGINE')) {
    open.lines.push(line);
    open.pkg ||= /package: '([^']+)'/.exec(line)?.[1] ?? '';
    open.range ||= /required: \{ node: '([^']+)'/.exec(line)?.[1] ?? '';
    if (/^npm warn EBADENGINE \}\s*$/.test(line)) {
      blocks.push(open);
      open = null;
    }
    return;
  }
  process.stderr.write(`${line}\n`);
}

const child = spawn('npm', ['install', '--no-audit', '--no-fund', ...process.argv.slice(2)], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'pipe'],
});
let pending = '';
child.stderr.setEncoding('utf8');
child.stderr.on('data', (chunk) => {
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  lines.forEach(onLine);
});

child.on('close', (code) => {
  if (pending) onLine(pending);
  if (open) blocks.push(open);
  const providedNode = installedNodeVersion();
  const satisfies = rangeChecker();
  const unmet = blocks.filter((block) => !providedNode || !satisfies || !block.range || !satisfies(providedNode, block.range));
  for (const block of unmet) process.stderr.write(`${block.lines.join('\n')}\n`);
  const folded = blocks.length - unmet.length;
  if (folded > 0) {
    console.log(
      `(${folded} "EBADENGINE" warnings folded: those packages need Node 22 and run on the Node ${providedNode} this install provides.)`,
    );
  }
  if (code !== 0) console.error(`npm install failed (exit ${code}); its messages are above.`);
  process.exit(code ?? 1);
});

function installedNodeVersion() {
  const binary = path.join(root, 'node_modules', '.bin', 'node');
  if (!existsSync(binary)) return null;
  try {
    return execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
  } catch {
    return null;
  }
}

/** semver's `satisfies` from the installed tree (npm's own packages are not importable), or null. */
function rangeChecker() {
  try {
    const semver = createRequire(path.join(root, 'package.json'))('semver');
    return (version, range) => semver.satisfies(version, range);
  } catch {
    return null;
  }
}
