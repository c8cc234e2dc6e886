import { defineMiddleware } from 'astro:middleware';
import { checkSettings } from '~/server/config';
import { failureAnswer } from '~/server/http/response';
import { isApiPath } from './paths';

/** A missing or weak secret, a short invite code: 503 naming the setting, until it is fixed. */
export const settings = defineMiddleware(({ url }, next) => {
  try {
    checkSettings();
  } catch (error) {
    return failureAnswer(error, isApiPath(url.pathname));
  }
  return next();
});
