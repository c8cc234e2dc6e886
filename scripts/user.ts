/**
 * Operator CLI for accounts (docs/decisions.md: a deployed site never seeds demo accounts).
 *
 *   npm run user -- create --username ana@parcelwise.example --name "Ana Diaz" [--role admin] --password '…'
 *   npm run user -- list | disable --username … | enable --username … | delete --username …
 *   npm run user -- set-password --username … --password '…'
 *   npm run user -- unlock --username …                     clears the username's counted sign-in failures
 *   npm run user -- lookalikes                              claims what every account's username looks like (accounts
 *                                                           made before look-alikes were refused); lists accounts that look alike
 *   npm run user -- sessions --username … [--end <handle> | --end-all]   lists (or ends) the user's sessions
 *   npm run user -- assign --username … --program <id> [--start YYYY-MM-DD]   assigns an onboarding program (start: today)
 *   npm run user -- unassign --username … --reason '…'      ends the person's onboarding program
 *
 * Storage: with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, the deployed site's Blobs; otherwise the local
 * dev server's data in .netlify/blobs-serve (site id 0; pass --site-id unlinked for `netlify serve`).
 * Disabling, deleting or changing a password ends the user's sessions at once (their stored sessions are deleted).
 */
import { parseArgs } from 'node:util';
import { connectBlobs } from './lib/blobs';
import { createUser, deleteUser, existingUser, indexLookalikes, listUsers, setDisabled, setPassword } from '~/server/accounts/accounts';
import { isAdmin } from '~/server/accounts/roles';
import { PASSWORD_RULE_FOR_OPERATORS } from '~/shared/api/password-rule';
import { endSessionsOf, sessionsOf } from '~/server/accounts/sessions';
import { unlockUsername } from '~/server/accounts/sign-in';
import { readContent } from '~/content-check/read';
import { CONTENT_SOURCES } from '~/content-check/sources';
import { activeAssignment, recordAssignment, recordEnd } from '~/server/programs/assignment';
import { assignments } from '~/server/programs/storage/assignments';

const USAGE = `Usage: npm run user -- <create|list|disable|enable|delete|set-password|unlock|sessions|assign|unassign|lookalikes> [options]
  --username <email>   the account (required except for list and lookalikes)
  --name <text>        display name (create)
  --role <admin|user>  role (create; default user)
  --password <text>    ${PASSWORD_RULE_FOR_OPERATORS} (create, set-password)
  --end <handle>       sessions: end the session with this handle (from the listing)
  --end-all            sessions: end every session of the user
  --program <id>       assign: the program (a file name of content/programs without .yaml)
  --start <YYYY-MM-DD> assign: the start date (default today; from 2015-01-01 to 90 days ahead)
  --reason <text>      unassign: why the program ends
  --site-id <id>       local Blobs site id (default 0 = npm run dev; "unlinked" = netlify serve)`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

/** Lists a user's sessions, or ends one (by handle) or all of them. */
async function sessionsCommand(username: string, handle: string | null, all: boolean): Promise<void> {
  const user = await existingUser(username);
  if (handle !== null || all) {
    if (handle !== null && !/^[0-9a-f]{4,40}$/.test(handle)) fail('--end takes a handle from the listing (hex).');
    const ended = await endSessionsOf(user.id, all ? null : handle);
    console.log(`Ended ${ended} session(s) of ${user.username}.`);
    return;
  }
  const list = await sessionsOf(user.id);
  if (list.length === 0) console.log(`${user.username} has no sessions.`);
  for (const session of list) {
    console.log(`${session.handle}\tsince ${session.createdAt}\tuntil ${session.expiresAt}\t${session.address}\t${session.userAgent}`);
  }
}

/** The operator, as the assignment history names them. */
const OPERATOR = { id: 'operator', name: 'Operator (command line)' };

/** Assigns or ends a person's onboarding program; the program ids come from content/programs. */
async function programCommand(
  command: 'assign' | 'unassign',
  username: string,
  values: { program?: string; start?: string; reason?: string },
) {
  const user = await existingUser(username);
  const events = await assignments.events(user.id);
  if (command === 'unassign') {
    if (!values.reason?.trim()) fail('--reason is required.');
    await recordEnd(OPERATOR, user, events, values.reason.trim(), new Date());
    console.log(`Ended the onboarding program of ${user.username}.`);
    return;
  }
  const programs = readContent(
    process.cwd(),
    CONTENT_SOURCES.filter((source) => source.collection === 'programs'),
  ).entries;
  const program = programs.find((entry) => entry.id === values.program);
  if (!program) fail(`--program must be one of: ${programs.map((entry) => entry.id).join(', ')}.`);
  if (values.start !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.start)) fail('--start must be a date written YYYY-MM-DD.');
  const event = await recordAssignment(OPERATOR, user, events, program.id, values.start, new Date());
  const previous = activeAssignment(events);
  const what =
    previous === null
      ? 'Assigned'
      : previous.programId !== program.id
        ? 'Switched to'
        : previous.startDate === event.startDate
          ? 'Unchanged:'
          : 'Moved the start of';
  console.log(`${what} ${String(program.data['title'])} for ${user.username}, starting ${event.startDate}.`);
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'user' },
      password: { type: 'string' },
      end: { type: 'string' },
      'end-all': { type: 'boolean', default: false },
      program: { type: 'string' },
      start: { type: 'string' },
      reason: { type: 'string' },
      'site-id': { type: 'string', default: '0' },
    },
  });
  const [command] = positionals;
  if (!command) fail('Missing command.');
  const username = values.username?.trim();
  if (command !== 'list' && command !== 'lookalikes' && !username) fail('--username is required.');
  const disconnect = await connectBlobs(values['site-id']);
  try {
    switch (command) {
      case 'create': {
        if (!values.name?.trim()) fail('--name is required.');
        if (!values.password) fail('--password is required.');
        if (values.role !== 'admin' && values.role !== 'user') fail('--role must be admin or user.');
        const user = await createUser({
          username: username!,
          password: values.password,
          name: values.name,
          role: values.role,
          createdBy: 'operator',
        });
        console.log(`Created ${user.username} (${user.role}).`);
        break;
      }
      case 'list':
        for (const user of await listUsers()) {
          const origin = user.createdBy === 'operator' ? 'operator' : 'registered';
          const role = isAdmin(user) ? 'admin' : 'user';
          console.log(`${user.username}\t${role}\t${user.disabled ? 'disabled' : 'active'}\t${origin}\t${user.name}`);
        }
        break;
      case 'lookalikes': {
        const { accounts, lookalikes } = await indexLookalikes();
        for (const { username: name, looksLike } of lookalikes) console.log(`${name}\tlooks like ${looksLike}`);
        console.log(`Claimed what ${accounts} account(s) look like; ${lookalikes.length} look like an older one.`);
        break;
      }
      case 'unlock': {
        const removed = await unlockUsername(username!);
        console.log(`Unlocked ${username}: ${removed} counted sign-in failure(s) cleared.`);
        break;
      }
      case 'sessions':
        await sessionsCommand(username!, values.end ?? null, values['end-all']);
        break;
      case 'disable':
      case 'enable':
        await setDisabled(username!, command === 'disable');
        console.log(`${command === 'disable' ? 'Disabled' : 'Enabled'} ${username}; existing sessions ended.`);
        break;
      case 'delete':
        await deleteUser(username!);
        console.log(`Deleted ${username}.`);
        break;
      case 'set-password':
        if (!values.password) fail('--password is required.');
        await setPassword(username!, values.password);
        console.log(`Password changed for ${username}; other sessions ended.`);
        break;
      case 'assign':
      case 'unassign':
        await programCommand(command, username!, values);
        break;
      default:
        fail(`Unknown command ${command}.`);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await disconnect();
  }
}

await main();
