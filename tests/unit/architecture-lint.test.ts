// The lint rules that keep the domains apart (eslint.config.js, docs/architecture.md "Domains"): a domain
// that reaches into another domain's storage/, or a floor that imports a domain, fails the lint.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const restrictedImports = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath }))[0]!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((m) => m.message);

describe('domain boundaries', () => {
  it("refuses a domain reading another domain's storage, by alias or relative path", async () => {
    const code = "import { users } from '~/server/accounts/storage/users';\nexport const all = users;\n";
    expect(await restrictedImports('src/server/team/probe.ts', code)).toEqual([expect.stringContaining("Ask the other domain's service")]);
    const relative = "import { progress } from '../learning/storage/progress';\nexport const all = progress;\n";
    expect(await restrictedImports('src/server/review/probe.ts', relative)).toHaveLength(1);
    expect(await restrictedImports('src/server/programs/storage/probe.ts', code)).toHaveLength(1);
  });

  it('lets a domain use its own storage and other domains’ services, and tests seed any storage', async () => {
    expect(
      await restrictedImports('src/server/accounts/probe.ts', "import { users } from './storage/users';\nexport const a = users;\n"),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'src/server/team/probe.ts',
        "import { accountVersions } from '~/server/accounts/people';\nexport const a = accountVersions;\n",
      ),
    ).toEqual([]);
    const seeding = "import { users } from '~/server/accounts/storage/users';\nexport const a = users;\n";
    expect(await restrictedImports('src/server/team/probe.test.ts', seeding)).toEqual([]);
  });

  it('keeps the floors (storage primitives, the journal) below every domain', async () => {
    const code = "import { completedLessons } from '~/server/learning/progress';\nexport const a = completedLessons;\n";
    expect(await restrictedImports('src/server/journal/probe.ts', code)).toEqual([expect.stringContaining('A floor')]);
    expect(await restrictedImports('src/server/storage/probe.ts', code)).toHaveLength(1);
  });
});
