// Team Progress: says when the team table is wider than its box (the note is a template in the page, shown while the table
// scrolls sideways, watched as the window resizes). Without JavaScript the table still scrolls; only the note is missing.
const region = document.querySelector<HTMLElement>('[data-team-table-region]');
const template = document.querySelector<HTMLTemplateElement>('template[data-team-table-scrolls]');

if (region && template && typeof ResizeObserver !== 'undefined') {
  let note: Element | null = null;
  new ResizeObserver(() => {
    const scrolls = region.scrollWidth > region.clientWidth + 1;
    if (scrolls && !note) {
      note = template.content.firstElementChild?.cloneNode(true) as Element | null;
      if (note) template.after(note);
    } else if (!scrolls && note) {
      note.remove();
      note = null;
    }
  }).observe(region);
}
