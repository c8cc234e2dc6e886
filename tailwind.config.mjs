// Brand tokens shared by every page. Loaded from src/styles/global.css with `@config`
// (Tailwind 4 ignores this file otherwise). Colours live in the daisyUI themes there.
/** @type {import('tailwindcss').Config} */
export default {
  theme: {
    extend: {
      fontFamily: {
        // System fonts only: no web font to download (nothing blocks the first paint or shifts text).
        sans: ['ui-sans-serif', 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'],
      },
      maxWidth: {
        prose: '72ch',
      },
    },
  },
};
