import { describe, expect, it } from 'vitest';
import { withProductionNodeEnv } from './production-react';

const ADAPTER_ENTRY = `
\t\t\timport { createHandler } from './.netlify/build/entry.mjs';

\t\t\texport default createHandler({});
`;

describe('withProductionNodeEnv', () => {
  it('imports the NODE_ENV module before the entry’s first import', () => {
    const entry = withProductionNodeEnv(ADAPTER_ENTRY);
    expect(entry.split('\n').slice(0, 2)).toEqual([
      "import './node-env.mjs';",
      "import { createHandler } from './.netlify/build/entry.mjs';",
    ]);
  });

  it('leaves an entry it already changed as it is (a second build:done)', () => {
    const once = withProductionNodeEnv(ADAPTER_ENTRY);
    expect(withProductionNodeEnv(once)).toBe(once);
  });

  it('fails loudly, naming the file to update, when the adapter writes something else', () => {
    expect(() => withProductionNodeEnv('export default function handler() {}')).toThrow(
      /ssr\.mjs no longer starts with an import.*src\/integrations\/production-react\.ts/,
    );
  });
});
