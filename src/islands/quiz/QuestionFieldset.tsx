// One question as a radio group: its text is the legend (focused after Next/Previous, so it is read).
import type { RefObject } from 'react';
import type { PublicQuiz } from '~/lib/api/quizzes';

interface Props {
  question: PublicQuiz['questions'][number];
  selected: string | undefined;
  /** While the quiz is being submitted. */
  disabled: boolean;
  legendRef: RefObject<HTMLLegendElement | null>;
  onSelect: (optionId: string) => void;
}

export function QuestionFieldset({ question, selected, disabled, legendRef, onSelect }: Props) {
  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled}>
      <legend ref={legendRef} tabIndex={-1} className="mb-3 text-lg font-semibold">
        {question.text}
      </legend>
      {question.options.length === 0 ? (
        <p>No options available for this question.</p>
      ) : (
        question.options.map((option) => (
          <label
            key={option.id}
            className={`flex cursor-pointer items-center gap-3 rounded-box border p-3 transition-colors ${selected === option.id ? 'border-primary bg-primary/10' : 'border-base-300 hover:bg-base-200'}`}
          >
            <input
              type="radio"
              className="radio radio-primary"
              name={`question-${question.id}`}
              value={option.id}
              checked={selected === option.id}
              onChange={() => onSelect(option.id)}
            />
            <span>{option.text}</span>
          </label>
        ))
      )}
    </fieldset>
  );
}
