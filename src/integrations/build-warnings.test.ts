import { describe, expect, it } from 'vitest';
import { quietBuildWarnings } from './build-warnings';

type Warn = { code?: string; message: string };

/** The onwarn the integration gives Vite's build. */
function onwarn(): (warning: Warn, warn: (warning: Warn) => void) => void {
  let config: { vite: { build: { rollupOptions: { onwarn: (warning: Warn, warn: (warning: Warn) => void) => void } } } } | undefined;
  (quietBuildWarnings().hooks['astro:config:setup'] as (options: unknown) => void)({
    updateConfig: (update: typeof config) => (config = update),
  });
  return config!.vite.build.rollupOptions.onwarn;
}

describe('the build without its own noise', () => {
  it("drops only the bundler's warning about Astro's head-inject directive", () => {
    const passed: Warn[] = [];
    const headInject = {
      code: 'MODULE_LEVEL_DIRECTIVE',
      message:
        'The semantics of the module level directive "use astro:head-inject" in "content/lessons/02-industry/08-competitors.mdx?astroPropagatedAssets" may not be preserved when bundling.',
    };
    const otherDirective = { code: 'MODULE_LEVEL_DIRECTIVE', message: 'The module level directive "use strict-ish" in "x.js" …' };
    const unresolved = { code: 'UNRESOLVED_IMPORT', message: 'Could not resolve "./missing"' };
    for (const warning of [headInject, otherDirective, unresolved]) onwarn()(warning, (kept) => passed.push(kept));
    expect(passed).toEqual([otherDirective, unresolved]);
  });
});
