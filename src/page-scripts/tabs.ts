// Progressive enhancement for src/components/Tabs.astro: in-place switching, keyboard, URL, events.

export interface TabChangeDetail {
  /** The Tabs container's URL parameter, e.g. "tab". */
  container: string;
  tabId: string;
}

function select(container: HTMLElement, tab: HTMLElement, focus: boolean): void {
  const param = container.dataset['tabs'] ?? 'tab';
  const tabId = tab.dataset['tabId'] ?? '';
  const tabs = [...container.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]')];
  if (tab.getAttribute('aria-selected') === 'true') {
    if (focus) tab.focus();
    return;
  }
  for (const other of tabs) {
    const active = other === tab;
    other.setAttribute('aria-selected', String(active));
    other.tabIndex = active ? 0 : -1;
    other.classList.toggle('tab-active', active);
  }
  for (const panel of container.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')) {
    panel.hidden = panel.dataset['panelId'] !== tabId;
  }
  if (focus) tab.focus();
  const url = new URL(window.location.href);
  url.searchParams.set(param, tabId);
  history.replaceState(history.state, '', url);
  document.dispatchEvent(new CustomEvent<TabChangeDetail>('hub:tabchange', { detail: { container: param, tabId } }));
}

for (const container of document.querySelectorAll<HTMLElement>('[data-tabs]')) {
  const tablist = container.querySelector<HTMLElement>(':scope > [role="tablist"]');
  if (!tablist) continue;
  const tabs = () => [...tablist.querySelectorAll<HTMLElement>('[role="tab"]')];
  tablist.addEventListener('click', (event) => {
    const tab = (event.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
    if (!tab || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    select(container, tab, true);
  });
  tablist.addEventListener('keydown', (event) => {
    const list = tabs();
    const current = list.indexOf(document.activeElement as HTMLElement);
    if (current < 0) return;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: list.length - 1 }[event.key];
    if (next === undefined) {
      if (event.key === ' ') {
        event.preventDefault();
        select(container, list[current]!, true);
      }
      return;
    }
    event.preventDefault();
    select(container, list[(next + list.length) % list.length]!, true);
  });
}
