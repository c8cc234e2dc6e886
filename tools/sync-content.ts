// Unit tests read content through `astro:content` in dev mode (getViteConfig), which loads the data
// store from .astro/data-store.json — a file only a running `astro dev` writes. Sync the content layer
// once (`astro sync` writes node_modules/.astro/data-store.json) and put it where dev mode reads it, so
// unit tests see exactly the committed content on a fresh clone.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';

export default function setup(): void {
  execFileSync('npx', ['--no-install', 'astro', 'sync'], { stdio: 'ignore', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  mkdirSync('.astro', { recursive: true });
  copyFileSync('node_modules/.astro/data-store.json', '.astro/data-store.json');
}
