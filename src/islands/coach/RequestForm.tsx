// "Or describe what is happening": a free-text request. Enter asks for coaching, Shift+Enter (or an
// IME composition) keeps typing.
import type { KeyboardEvent, RefObject, SubmitEvent } from 'react';

interface Props {
  /** Ids of the box and its hint (useId in the island). */
  inputId: string;
  hintId: string;
  boxRef: RefObject<HTMLTextAreaElement | null>;
  request: string;
  onRequestChange: (request: string) => void;
  onGetCoaching: (event?: SubmitEvent<HTMLFormElement>) => void;
}

export function RequestForm({ inputId, hintId, boxRef, request, onRequestChange, onGetCoaching }: Props) {
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onGetCoaching();
    }
  }

  return (
    <section aria-labelledby="coach-request-title">
      <h2 id="coach-request-title" className="mb-3 text-lg font-semibold">
        Or describe what is happening
      </h2>
      <form onSubmit={onGetCoaching} className="space-y-3">
        <label htmlFor={inputId} className="block font-medium">
          Your sales situation
        </label>
        <textarea
          ref={boxRef}
          id={inputId}
          aria-describedby={hintId}
          className="textarea w-full"
          rows={3}
          value={request}
          onChange={(e) => onRequestChange(e.target.value)}
          onKeyDown={onKeyDown}
          // Before the island has hydrated, Enter here is held and pressed again once it has.
          data-enter-submits
          placeholder="e.g. The prospect says the budget is already spent for this year"
        />
        <p id={hintId} className="text-sm opacity-80">
          Press Enter or the button to get coaching; Shift+Enter adds a new line.
        </p>
        <button type="submit" className="btn btn-primary" disabled={request.trim() === ''}>
          Get Expert Coaching
        </button>
      </form>
    </section>
  );
}
