/**
 * What other domains read of review answers (a team-rollup rebuild): through this module, never through the
 * review domain's storage. Records only, without the content.
 */
import { reviewAnswers } from './storage/review-answers';

/** Every person's answers as journal entries (what a team-rollup rebuild reads besides the journal). */
export const reviewAnswersAsJournalEntries = () => reviewAnswers.allAsJournalEntries();
