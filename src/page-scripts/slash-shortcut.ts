// '/' anywhere on the page (except while typing in a field) focuses the header's search box and selects
// its text (docs/product.md "Header search"). Plain script, so it works before the search island has loaded: the focus is what
// loads it (client:interaction).
function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

export function enableSlashShortcut(): void {
  window.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
    const box = document.querySelector<HTMLInputElement>('form[role="search"] input[name="q"]');
    if (!box) return;
    event.preventDefault();
    box.focus();
    box.select();
  });
}
