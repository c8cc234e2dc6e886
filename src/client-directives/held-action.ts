// What a press inside a not-yet-hydrated island would lose: its buttons run only once React is there.
// A press that the server-rendered HTML cannot carry out by itself is held (the last one only) and done
// once the island has hydrated; what the HTML does by itself goes ahead: a radio or a field, a link, and
// the submit of a form that posts somewhere (`action`), which works without JavaScript.

/** Returns what to do after hydration for this `click` or `submit` inside the island, or null to let it be. */
export function heldAction(event: Event, island: Element): (() => void) | null {
  if (event.type === 'submit') {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.hasAttribute('action')) return null;
    // A form without an action would reload the page (and lose what was typed): the island submits it.
    event.preventDefault();
    const submitter = (event as SubmitEvent).submitter ?? null;
    return () => {
      if (!form.isConnected) return;
      form.requestSubmit(submitter?.isConnected && form.contains(submitter) ? submitter : null);
    };
  }
  if (event.type !== 'click' || !(event.target instanceof Element)) return null;
  const button = event.target.closest('button');
  // Submit and reset buttons act through their form (above); any other button needs the island.
  if (!button || !island.contains(button) || (button.form !== null && button.type !== 'button')) return null;
  return () => {
    if (button.isConnected && !button.disabled) button.click();
  };
}
