/**
 * The forms that work without JavaScript (Post/Redirect/Get) answer what the page shows next: what was
 * done, or an error with its status. A refusal (an HttpError under 500) is such an error; a failure is thrown.
 */
import type { z } from 'zod';
import { HttpError } from '~/server/errors';
import { describeZodError } from './response';

export interface FormError {
  error: string;
  status: number;
}

/** Runs a form's action; a refusal becomes the error the page shows. */
export async function formAnswer<R>(act: () => Promise<R>): Promise<R | FormError> {
  try {
    return await act();
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    return { error: error.message, status: error.status };
  }
}

/** A step on the form's validated fields: 400 naming the field when they are not valid, else `done` once `act` ran. */
export async function whenValid<T, D extends string>(
  parsed: z.ZodSafeParseResult<T>,
  act: (data: T) => Promise<unknown>,
  done: D,
): Promise<{ done: D } | FormError> {
  if (!parsed.success) return { error: describeZodError(parsed.error), status: 400 };
  await act(parsed.data);
  return { done };
}
