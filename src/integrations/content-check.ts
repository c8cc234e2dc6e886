// The content check as part of `astro build` (docs/decisions.md "Content integrity at build"). It runs in
// `astro:config:setup`, before Astro's own content sync, so the build reports EVERY broken entry with
// an editor's message (file:line, the entry and field in words, the fix) instead of stopping at the
// first schema error. `astro build` fails on any problem; `astro dev` prints them as warnings at start
// and again whenever a file under content/ changes, so a preview keeps running while an editor fixes.
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { AstroError } from 'astro/errors';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkContent } from '../lib/content-check/check';
import { formatReport } from '../lib/content-check/problems';

/** Runs the check; returns the report when there are problems, else null. */
function report(root: string): { text: string; count: number } | null {
  const { problems } = checkContent(root);
  return problems.length === 0 ? null : { text: formatReport(problems), count: problems.length };
}

function warn(logger: AstroIntegrationLogger, root: string): void {
  const found = report(root);
  if (found) logger.warn(`\n${found.text}\n`);
}

export function contentCheck(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'content-check',
    hooks: {
      'astro:config:setup': ({ command, config, logger }) => {
        root = fileURLToPath(config.root);
        if (command !== 'build') return warn(logger, root);
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
          timer = setTimeout(() => warn(logger, root), 300);
        });
      },
    },
  };
}
