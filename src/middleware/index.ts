/**
 * The one way through every on-demand request, a step per file, in order: the security headers on every
 * answer; a plain 404 for a missing build asset; writes from this site only; the settings; in local runs, the
 * demo team made once; the page's reader named for the service worker; the session gate; and what the route answered, as JSON errors on the API and plain failure pages on pages.
 */
import { sequence } from 'astro:middleware';
import { missingAsset } from './missing-asset';
import { offlineReader } from './offline-reader';
import { routeAnswer } from './route-answer';
import { sameOriginWrites } from './same-origin';
import { demoTeam } from './demo-team';
import { securityHeaders } from './security-headers';
import { sessionGate } from './session-gate';
import { settings } from './settings';

export const onRequest = sequence(
  securityHeaders,
  missingAsset,
  sameOriginWrites,
  settings,
  demoTeam,
  offlineReader,
  sessionGate,
  routeAnswer,
);
