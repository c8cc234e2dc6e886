// The deployed function renders with React's production build even though Netlify Functions leave
// NODE_ENV unset (src/integrations/production-react.ts). The built function is loaded in a fresh Node
// process without NODE_ENV, renders a page with an island, and reports which React builds it loaded.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FUNCTION_ENTRY } from '~/integrations/production-react';

const run = promisify(execFile);

const PROBE = `
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
const { default: handler } = await import(pathToFileURL(process.argv[1]).href);
const response = await handler(new Request('http://localhost:8888/auth'), { ip: '127.0.0.1', waitUntil() {} });
const html = await response.text();
// Only modules that ran: Node also lists the files it merely parsed for their export names.
const loaded = Object.values(createRequire(import.meta.url).cache).filter((module) => module.loaded && /react/.test(module.filename)).map((module) => module.filename.split('node_modules/').at(-1));
console.log(JSON.stringify({ status: response.status, hasForm: html.includes('<form'), nodeEnv: process.env.NODE_ENV, loaded }));
`;

async function probe(env: NodeJS.ProcessEnv): Promise<{ status: number; hasForm: boolean; nodeEnv: string; loaded: string[] }> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', PROBE, path.resolve(FUNCTION_ENTRY)], {
    env,
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

const baseEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, PARCELWISE_LOCAL: 'true' };
  delete env['NODE_ENV'];
  delete env['VITEST'];
  return env;
};

describe('the built server function', () => {
  it("renders with React's production build when NODE_ENV is unset, as on Netlify", async () => {
    const result = await probe(baseEnv());
    expect(result.status).toBe(200);
    expect(result.hasForm).toBe(true);
    expect(result.nodeEnv).toBe('production');
    expect(result.loaded).toContain('react-dom/cjs/react-dom-server.node.production.js');
    expect(result.loaded).toContain('react/cjs/react-jsx-runtime.production.js');
    expect(result.loaded.filter((file) => file.includes('.development.'))).toEqual([]);
  });

  it('keeps a NODE_ENV that the environment sets', async () => {
    const result = await probe({ ...baseEnv(), NODE_ENV: 'development' });
    expect(result.nodeEnv).toBe('development');
    expect(result.loaded).toContain('react-dom/cjs/react-dom-server.node.development.js');
    expect(result.loaded.filter((file) => file.includes('.production.'))).toEqual([]);
  });
});
