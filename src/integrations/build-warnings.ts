// The build's own noise, left out so what it prints needs attention. Astro marks every MDX entry that
// carries styles or scripts with the directive "use astro:head-inject"; the bundler then warns, once per
// lesson file, that a module-level directive "may not be preserved" — about Astro's own code, never
// the editor's. Every other warning passes as it is.
import type { AstroIntegration } from 'astro';

interface BuildWarning {
  code?: string;
  message: string;
}

/** Whether a bundler warning is Astro's head-inject directive in a content module. */
export function isHeadInjectDirectiveWarning(warning: BuildWarning): boolean {
  return warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use astro:head-inject"');
}

export function quietBuildWarnings(): AstroIntegration {
  return {
    name: 'parcelwise:quiet-build-warnings',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            build: {
              rollupOptions: {
                onwarn(warning: BuildWarning, warn: (warning: BuildWarning) => void) {
                  if (!isHeadInjectDirectiveWarning(warning)) warn(warning);
                },
              },
            },
          },
        });
      },
    },
  };
}
