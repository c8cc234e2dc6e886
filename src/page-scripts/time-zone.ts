// /settings: while the person has no time zone saved, the browser's own is selected and saved at once, so
// the digest's hour and the challenge's windows follow their clock from the first visit. They can change it.
// Plain fetch: with no module shared with an island, Astro inlines the script in the page.
import type { UpdatePreferencesRequest } from '~/shared/api/preferences';

const form = document.querySelector<HTMLFormElement>('form[data-preferences][data-time-zone-unset]');
const select = form?.querySelector<HTMLSelectElement>('select[name="timeZone"]');
const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (form && select && browserZone && [...select.options].some((option) => option.value === browserZone)) {
  select.value = browserZone;
  const body: UpdatePreferencesRequest = { timeZone: browserZone };
  fetch('/api/preferences', {
    method: 'PATCH',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).then(
    (response) => response.ok && form.removeAttribute('data-time-zone-unset'),
    () => undefined, // the form still carries the zone: saving it then works as well
  );
}
