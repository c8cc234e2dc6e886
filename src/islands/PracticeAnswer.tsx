// A practice scenario's answer (docs/product.md "Practice"): typed, checked against the rubric at once, or
// recorded. It hydrates on first use; the feedback and the recorder are modules of their own, loaded when
// first needed, so the scenario's page ships almost nothing before the rep starts answering.
import { lazy, Suspense, useState } from 'react';
import type { PracticeAttempt } from '~/shared/api/practice';
import type { ScenarioView } from '~/shared/practice/view';
import { TypedAnswer } from './practice/TypedAnswer';

const CheckedAnswer = lazy(() => import('./practice/CheckedAnswer'));
const Recorder = lazy(() => import('./practice/Recorder'));

interface Props {
  scenario: ScenarioView;
}

const loading = (
  <p className="flex items-center gap-2" role="status">
    <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Loading…
  </p>
);

export default function PracticeAnswer({ scenario }: Props) {
  const [mode, setMode] = useState<'type' | 'record'>('type');
  const [attempt, setAttempt] = useState<PracticeAttempt | null>(null);
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  if (attempt) {
    return (
      <Suspense fallback={loading}>
        <CheckedAnswer scenario={scenario} attempt={attempt} onStartOver={() => setAttempt(null)} />
      </Suspense>
    );
  }
  if (mode === 'record') {
    return (
      <Suspense fallback={loading}>
        <Recorder
          scenario={scenario}
          onTypeInstead={(message) => {
            setNotice(message);
            setMode('type');
          }}
        />
      </Suspense>
    );
  }
  return (
    <TypedAnswer
      scenarioId={scenario.id}
      text={text}
      notice={notice}
      onTextChange={setText}
      onChecked={setAttempt}
      onRecordInstead={() => {
        setNotice(null);
        setMode('record');
      }}
    />
  );
}
