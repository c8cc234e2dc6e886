// Jumps to a section (#fragment) on pages whose long sections render only near the viewport
// (`render-when-visible` in src/styles/global.css, active only when scripting is on).
//
// A section never drawn keeps an estimated height. When a jump lands below such sections, the browser
// draws the ones that come near the viewport, they grow to their real height, and the target is pushed
// away (scroll anchoring does not hold the fragment target). So: draw every section above the target first,
// then let the jump happen, and the target lands where it should.

const LAZY_SECTION = '.render-when-visible';

/** Draws every lazily rendered section that precedes or contains `target`; returns how many it changed. */
export function drawSectionsAbove(target: Element): number {
  let drawn = 0;
  for (const section of document.querySelectorAll<HTMLElement>(LAZY_SECTION)) {
    const precedesOrContains = (target.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
    if (precedesOrContains && section.style.getPropertyValue('content-visibility') !== 'visible') {
      section.style.setProperty('content-visibility', 'visible');
      drawn++;
    }
  }
  return drawn;
}

/** The element a same-page link or location points at, if any. */
export function fragmentTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape: look the raw id up, as the browser does.
  }
  return document.getElementById(id);
}

export function enableSectionJumps(): void {
  // Same-page links: draw before the browser's own jump (no preventDefault: history and :target stay native).
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href*="#"]');
      if (!(link instanceof HTMLAnchorElement)) return;
      if (link.origin !== location.origin || link.pathname !== location.pathname || link.search !== location.search) return;
      const target = fragmentTarget(link.hash);
      if (target) drawSectionsAbove(target);
    },
    { capture: true },
  );
  // Arriving with a fragment (a search result, a shared link): the browser has jumped already; jump again.
  // Not on reload or back/forward, where the browser restores the reader's own position.
  const target = fragmentTarget(location.hash);
  if (!target) return;
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation && navigation.type !== 'navigate') return;
  if (drawSectionsAbove(target) > 0) target.scrollIntoView();
}
