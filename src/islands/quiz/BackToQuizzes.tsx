export function BackToQuizzes() {
  return (
    <a href="/quizzes" className="btn btn-outline">
      Back to Quizzes
    </a>
  );
}
