// The Sales Situations Coach (docs/product.md "Sales Situations Coach (/sales-situations)"). Client only: no API call; the situations
// come in as props from the page (not confidential). Matching rules: src/shared/coach/match.ts.
// Its parts live in ./coach/: the state (useCoach), the picker, the request form, the result.
import { useId } from 'react';
import type { SalesSituation } from '~/schemas/coach';
import CoachResult from './coach/CoachResult';
import { RequestForm } from './coach/RequestForm';
import { SituationPicker } from './coach/SituationPicker';
import { useCoach, type InitialChoice } from './coach/useCoach';

interface Props {
  /** Every situation in content order (the order also breaks keyword ties). */
  situations: SalesSituation[];
  /** Shown from the start: the page read it from ?situation={id}&play={n} (a search result's link). */
  initial?: InitialChoice | undefined;
}

export default function SalesCoach({ situations, initial }: Props) {
  const coach = useCoach(situations, initial);
  const inputId = useId();
  const hintId = useId();

  return (
    <div className="space-y-8" data-testid="sales-coach">
      <SituationPicker situations={situations} shownId={coach.shown?.id} headingRef={coach.pickerHeading} onChoose={coach.choose} />
      <RequestForm
        inputId={inputId}
        hintId={hintId}
        boxRef={coach.requestBox}
        request={coach.request}
        onRequestChange={coach.setRequest}
        onGetCoaching={coach.getCoaching}
      />
      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="coach-status">
        {coach.status}
      </p>
      {coach.shown && coach.situation && (
        <CoachResult
          situation={coach.situation}
          situations={situations}
          why={coach.shown.why}
          playIndex={coach.shown.playIndex}
          onPickPlay={coach.pickPlay}
          onStartOver={coach.startOver}
          onChoose={coach.choose}
        />
      )}
    </div>
  );
}
