/**
 * `npm run check:content`: the content check the build runs, on its own (a few seconds, no build): prints
 * every problem (file:line, what is wrong, the fix) or "Content check: no problems.", and exits 1 on any
 * problem. What a pull request's first check runs.
 *
 *   npm run check:content -- [--root <project folder>]
 */
import { parseArgs } from 'node:util';
import { checkContent } from '~/content-check/check';
import { formatReport } from '~/content-check/problems';

const { values } = parseArgs({ options: { root: { type: 'string' } } });
const { problems } = checkContent(values.root ?? process.cwd());
if (problems.length === 0) {
  console.log('Content check: no problems.');
} else {
  console.log(formatReport(problems));
  console.log('\nFix each one (file:line, what is wrong, then "Fix:"). content/README.md "Checks" explains every check.');
  process.exitCode = 1;
}
