// One question as a radio group: its text is the legend (focused after Next/Previous, so it is read).
import type { RefObject } from 'react';
import type { PublicQuiz } from '~/shared/api/quizzes';
import { OptionRadio } from '../shared/OptionRadio';

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
          <OptionRadio
            key={option.id}
            name={`question-${question.id}`}
            option={option}
            checked={selected === option.id}
            onSelect={onSelect}
          />
        ))
      )}
    </fieldset>
  );
}
