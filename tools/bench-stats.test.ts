import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { percentile, pool, timings, writeSection } from './bench-stats';

describe('bench statistics', () => {
  it('takes nearest-rank percentiles and summarises timings', () => {
    const samples = Array.from({ length: 20 }, (_, i) => i + 1);
    expect([percentile(samples, 0.5), percentile(samples, 0.95), percentile(samples, 1)]).toEqual([10, 19, 20]);
    expect(percentile([], 0.5)).toBeNaN();
    expect(timings([3, 1, 2], 0)).toBe('median 2 ms · p95 3 ms · max 3 ms (n=3)');
  });

  it('runs a pool at most `limit` at once and keeps the order of the answers', async () => {
    let running = 0;
    let most = 0;
    const answers = await pool([5, 1, 4, 2, 3], 2, async (n) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, n));
      running--;
      return n * 10;
    });
    expect(answers).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });

  it('writes a section between its markers, and replaces it on the next run', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'bench-')), 'figures.md');
    await writeFile(file, '# Figures\n\nText before.\n');
    await writeSection(file, 'bench:x', '| a |\n|---|\n| 1 |');
    await writeSection(file, 'bench:x', '| a |\n|---|\n| 2 |');
    expect(await readFile(file, 'utf8')).toBe('# Figures\n\nText before.\n\n<!-- bench:x -->\n| a |\n|---|\n| 2 |\n<!-- /bench:x -->\n');
  });
});
