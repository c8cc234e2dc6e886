// The home page Daily Challenge card (docs/product.md "Daily challenge"). State and actions live in
// src/stores/daily-challenge.ts; the correct option is only known after answering.
// Its parts live in ./daily-challenge/: the card's hook (useDailyChallenge), the options, the answer.
import type { DailyChallenge } from '~/shared/api/daily-challenge';
import { ChallengeVerdictPanel, SubmitAnswerButton } from './daily-challenge/ChallengeAnswer';
import { ChallengeConfidence } from './daily-challenge/ChallengeConfidence';
import { ChallengeLoading } from './daily-challenge/ChallengeLoading';
import { ChallengeOptions } from './daily-challenge/ChallengeOptions';
import { ChallengeStreak } from './daily-challenge/ChallengeStreak';
import { useDailyChallenge } from './daily-challenge/useDailyChallenge';

export function refreshText(nextRefreshHours: string): string {
  return nextRefreshHours === '0.0' || !Number.isFinite(Number(nextRefreshHours))
    ? 'New challenge every 12 hours'
    : `Next challenge in ${nextRefreshHours} hours`;
}

interface Props {
  /** The challenge the page was rendered with (null: fetch it in the browser, with the spinner). */
  initial?: DailyChallenge | null;
}

export default function DailyChallengeCard({ initial = null }: Props) {
  const { state, card, resultPanel, submit } = useDailyChallenge(initial);
  if (state.status === 'loading') return <ChallengeLoading />;
  if (state.status === 'error') return null;

  const { challenge, selected, confidence, submitting, result } = state;
  return (
    <section
      ref={card}
      className="card border border-base-300 bg-base-100"
      aria-labelledby="daily-challenge-heading"
      data-testid="daily-challenge"
    >
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="daily-challenge-heading" className="card-title">
            Daily Challenge
          </h2>
          <span className="badge badge-ghost">{challenge.quizTitle}</span>
        </div>
        <ChallengeStreak streak={challenge.streak} />
        <ChallengeOptions challenge={challenge} selected={selected} result={result} locked={result !== null || submitting} />
        {result === null && <ChallengeConfidence challengeId={challenge.id} confidence={confidence} locked={submitting} />}
        {result ? (
          <ChallengeVerdictPanel result={result} panelRef={resultPanel} />
        ) : (
          <SubmitAnswerButton disabled={selected === null || submitting} submitting={submitting} onSubmit={submit} />
        )}
        <p className="text-sm opacity-75">{refreshText(challenge.nextRefreshHours)}</p>
      </div>
    </section>
  );
}
