// Every file in netlify/functions/ is bundled by Netlify on its own (esbuild), without Astro's Vite
// plugins: a function that reaches `astro:content` (or anything else only Vite resolves) deploys
// broken. Each is bundled here as Netlify does, and must resolve every import.
import { build, type Message } from 'esbuild';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FUNCTIONS = path.resolve('netlify/functions');
const functionFiles = readdirSync(FUNCTIONS).filter((file) => /\.(mts|ts|mjs|js)$/.test(file));

/** The errors of bundling one entry (a file, or source text resolved from the project root). */
async function bundleErrors(entry: { file: string } | { source: string }): Promise<Message[]> {
  const input =
    'file' in entry
      ? { entryPoints: [entry.file] }
      : { stdin: { contents: entry.source, resolveDir: process.cwd(), sourcefile: 'entry.mts', loader: 'ts' as const } };
  const result = await build({
    ...input,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    write: false,
    logLevel: 'silent',
    tsconfig: path.resolve('tsconfig.json'),
  }).catch((error: { errors?: Message[] }) => ({ errors: error.errors ?? [{ text: String(error) } as Message] }));
  return result.errors;
}

const described = (errors: readonly Message[]) =>
  errors.map((error) => `${error.location?.file ?? ''}:${error.location?.line ?? ''} ${error.text}`);

describe('netlify/functions/ bundles as Netlify bundles it', () => {
  it('finds the functions', () => {
    expect(functionFiles).toEqual(expect.arrayContaining(['expire-sign-in-failures.mts', 'refresh-team-rollup.mts', 'send-digests.mts']));
  });

  it.each(functionFiles)('%s resolves every import', async (file) => {
    expect(described(await bundleErrors({ file: path.join(FUNCTIONS, file) }))).toEqual([]);
  });

  it('fails for code that reads the content collections (what the digest function did)', async () => {
    const errors = described(await bundleErrors({ source: "export { getPrograms } from '~/server/content/programs';" }));
    expect(errors).toContainEqual(expect.stringMatching(/src\/server\/content\/programs\.ts:\d+ Could not resolve "astro:content"/));
  });
});
