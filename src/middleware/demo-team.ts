import { defineMiddleware } from 'astro:middleware';
import { outsideRequest } from '~/server/background';
import { demoTeamWanted } from '~/server/demo-team/wanted';

/**
 * Local runs only: the first request of the process starts making the demo team (src/server/demo-team/) in
 * the background, so `npm start` shows a team at work without a separate step. Nobody waits for it; its
 * code is loaded only here, and never in a deployment.
 */
let started = false;
export const demoTeam = defineMiddleware((_context, next) => {
  if (!started && demoTeamWanted()) {
    started = true;
    // Outside the request: its work must not wait for this request's session check, nor stop when it fails.
    outsideRequest(() => void import('~/server/demo-team/demo-team').then(({ ensureDemoTeam }) => ensureDemoTeam()));
  }
  return next();
});
