// What a press inside a not-yet-hydrated island would lose: its buttons run only once React is there.
// A press is held (the last one only) and done again once the island has hydrated: a button's click, a
// form's submit, and Enter in a box marked `data-enter-submits` (where the island makes Enter ask, not add
// a line). A submitted form waits for the island, so the person gets the same answer as after hydration
// (its checks, its spinner); had the island failed to load, the resubmit is the plain form's own, which
// works without JavaScript where it has an `action`. What the HTML does by itself goes ahead: a radio, a
// field, a link.

/** Returns what to do after hydration for this `click`, `submit` or `keydown` inside the island, or null to let it be. */
export function heldAction(event: Event, island: Element): (() => void) | null {
  if (event.type === 'submit') {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return null;
    event.preventDefault();
    const submitter = (event as SubmitEvent).submitter ?? null;
    return () => {
      if (!form.isConnected) return;
      // A click, which React hydrates for before handling (it does not for a bare submit); its default
      // action submits the form, to the island or, had it failed to load, to the form's action.
      const button = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
      if (button?.isConnected && button.form === form) button.click();
      else form.requestSubmit();
    };
  }
  if (event.type === 'keydown') return heldEnter(event as KeyboardEvent);
  if (event.type !== 'click' || !(event.target instanceof Element)) return null;
  const button = event.target.closest('button');
  // Submit and reset buttons act through their form (above); any other button needs the island.
  if (!button || !island.contains(button) || (button.form !== null && button.type !== 'button')) return null;
  return () => {
    if (button.isConnected && !button.disabled) button.click();
  };
}

/** Enter (without Shift, outside an IME composition) in a box whose island makes Enter submit. */
function heldEnter(event: KeyboardEvent): (() => void) | null {
  const box = event.target;
  if (!(box instanceof HTMLElement) || !box.hasAttribute('data-enter-submits')) return null;
  if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.ctrlKey || event.altKey || event.metaKey) return null;
  event.preventDefault(); // no new line in the box
  return () => {
    if (box.isConnected) box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }));
  };
}
