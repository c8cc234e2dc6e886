// The content check as part of `astro build` (docs/decisions.md "Content integrity at build"). It runs in
// `astro:config:setup`, before Astro's own content sync, so the build reports EVERY broken entry with
// an editor's message (file:line, the entry and field in words, the fix) instead of stopping at the
// first schema error. `astro build` fails on any problem. `astro dev` keeps running: it prints the report
// at start and again whenever a file under content/ changes ("Content check: no problems." once fixed),
// shows it on every page (src/components/ContentProblemsBanner.astro), and reloads the open pages when
// the report changes, so a fix clears the banner without a manual reload.
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { AstroError } from 'astro/errors';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkContent } from '../content-check/check';
import { formatReport, type Problem } from '../content-check/problems';
import { readContent } from '../content-check/read';
import { setContentProblems, type PageProblem } from '../content-check/dev-problems';

/** Runs the check; returns the report when there are problems, else null. */
function report(root: string): { text: string; count: number; problems: Problem[] } | null {
  const { problems } = checkContent(root);
  return problems.length === 0 ? null : { text: formatReport(problems), count: problems.length, problems };
}

/** The problems with the pages that show an entry of their file, for the dev server's banner. */
function onPages(root: string, problems: readonly Problem[]): PageProblem[] {
  const pagesOf = new Map<string, string[]>();
  for (const entry of readContent(root).entries) {
    const page = entry.source.hrefOf(entry.data, entry.id).split(/[?#]/)[0] ?? '/';
    pagesOf.set(entry.file, [...(pagesOf.get(entry.file) ?? []), page]);
  }
  return problems.map((problem) => ({
    location: problem.line === null ? problem.file : `${problem.file}:${problem.line}`,
    text: `${problem.where} ${problem.message}`,
    fix: problem.fix,
    pages: [...new Set(pagesOf.get(problem.file) ?? [])],
  }));
}

/** The dev server's check: the terminal report, and the banner's. Answers a key that changes with the report. */
function checkForDev(logger: AstroIntegrationLogger, root: string, announceClean: boolean): string {
  const found = report(root);
  setContentProblems(found ? onPages(root, found.problems) : []);
  if (found) logger.warn(`\n${found.text}\n`);
  else if (announceClean) logger.info('Content check: no problems.');
  return found?.text ?? '';
}

export function contentCheck(): AstroIntegration {
  let root = process.cwd();
  let lastReport = '';
  return {
    name: 'content-check',
    hooks: {
      'astro:config:setup': ({ command, config, logger }) => {
        root = fileURLToPath(config.root);
        if (command !== 'build') {
          lastReport = checkForDev(logger, root, command === 'dev');
          return;
        }
        const found = report(root);
        if (!found) return logger.info('Content check: no problems.');
        logger.error(`\n${found.text}\n`);
        const error = new AstroError(
          `Content check failed: ${found.count} ${found.count === 1 ? 'problem' : 'problems'}, listed above.`,
          'Fix each one (file:line, what is wrong, then "Fix:"), and build again. content/README.md "Checks" explains every check.',
        );
        error.stack = ''; // the stack is ours, not the editor's: the report above says where to look
        throw error;
      },
      'astro:server:setup': ({ server, logger }) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const contentDir = join(root, 'content') + sep;
        server.watcher.on('all', (_event, path) => {
          if (!path.startsWith(contentDir)) return;
          clearTimeout(timer);
          timer = setTimeout(() => {
            const next = checkForDev(logger, root, true);
            // After Astro's own reload of the changed entry: the banner must follow the new report.
            if (next !== lastReport) setTimeout(() => server.hot.send({ type: 'full-reload' }), 200);
            lastReport = next;
          }, 300);
        });
      },
    },
  };
}
