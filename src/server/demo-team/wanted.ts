import { isLocalRun } from '~/server/config';

/** Whether this run makes the demo team: local runs, unless PARCELWISE_DEMO_TEAM=off (the test suites). Loads nothing else. */
export const demoTeamWanted = (): boolean => isLocalRun() && process.env['PARCELWISE_DEMO_TEAM'] !== 'off';
