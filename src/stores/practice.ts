// The practice calls of the answer island (docs/product.md "Practice"): a typed answer checked, a recording
// sent, an attempt sent for review or deleted. Errors come back as ApiError; `messageOf` words them.
import type { PracticeAttempt } from '~/shared/api/practice';
import { ApiError, apiRequest } from './api-client';

const attemptPath = (id: string) => `/api/practice/attempts/${encodeURIComponent(id)}`;

export const checkTypedAnswer = (scenarioId: string, text: string) =>
  apiRequest<PracticeAttempt>('POST', '/api/practice/attempts', { scenarioId, text });

export function sendRecording(scenarioId: string, audio: Blob): Promise<PracticeAttempt> {
  const form = new FormData();
  form.set('scenarioId', scenarioId);
  const extension = audio.type.includes('ogg') ? 'ogg' : audio.type.includes('mp4') ? 'm4a' : 'webm';
  form.set('audio', audio, `answer.${extension}`);
  return apiRequest<PracticeAttempt>('POST', '/api/practice/attempts', form);
}

export const sendForReview = (id: string, selfCheck: Record<string, boolean>) =>
  apiRequest<PracticeAttempt>('POST', `${attemptPath(id)}/submit`, { selfCheck });

export const deleteAttempt = (id: string) => apiRequest<undefined>('DELETE', attemptPath(id));

/** The page of an attempt (where the rep goes once it is sent). */
export const attemptPage = (id: string) => `/practice/attempts/${encodeURIComponent(id)}`;

/** What to tell the person about a failed call: the server's message, or a plain one. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? `The request failed (${error.status}). Try again.`;
  return 'The connection failed. Check it and try again.';
}
