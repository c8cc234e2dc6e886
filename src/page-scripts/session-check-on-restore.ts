// /auth restored from the back/forward cache may be stale: the person may have signed in since (with the
// form, by single sign-on, in another tab). A page script, not the form's island: the island hydrates
// only on first use, and a restored page may never have been used. While the session is checked the
// page's full-page spinner (`cover`) covers it; with a session the browser goes to `/`.

export function checkSessionOnRestore(cover: HTMLElement | null, goHome = (url: string) => window.location.replace(url)): void {
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    if (cover) cover.hidden = false;
    void fetch('/api/user', { credentials: 'same-origin', cache: 'no-store' })
      .then((response) => response.ok)
      .catch(() => false)
      .then((signedIn) => {
        if (signedIn) goHome('/');
        else if (cover) cover.hidden = true;
      });
  });
}
