// The challenge streak under the card's title: consecutive working days with a challenge answered, one grace day a week.
const STREAK_DEFINITION = 'Consecutive working days with a challenge answered; days off and one missed day a week do not break it.';

export function ChallengeStreak({ streak }: { streak: number }) {
  return (
    <p className="text-sm" data-testid="challenge-streak">
      <span className="font-semibold">
        Streak: {streak} {streak === 1 ? 'day' : 'days'}
      </span>{' '}
      <span className="opacity-75">({STREAK_DEFINITION})</span>
    </p>
  );
}
