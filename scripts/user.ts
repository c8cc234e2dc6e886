/**
 * Operator CLI for accounts (docs/decisions.md: a deployed site never seeds demo accounts).
 *
 *   npm run user -- create --username ana@parcelwise.example --name "Ana Diaz" [--role admin] --password '…'
 *   npm run user -- list | disable --username … | enable --username … | delete --username …
 *   npm run user -- set-password --username … --password '…'
 *
 * Storage: with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, the deployed site's Blobs; otherwise the local
 * dev server's data in .netlify/blobs-serve (site id 0; pass --site-id unlinked for `netlify serve`).
 * Disabling, deleting or changing a password ends the user's existing sessions on their next request.
 */
import { parseArgs } from 'node:util';
import { connectBlobs } from './lib/blobs';
import { createUser, deleteUser, listUsers, setDisabled, setPassword } from '~/lib/server/services/accounts';

const USAGE = `Usage: npm run user -- <create|list|disable|enable|delete|set-password> [options]
  --username <email>   the account (required except for list)
  --name <text>        display name (create)
  --role <admin|user>  role (create; default user)
  --password <text>    password, 8+ characters (create, set-password)
  --site-id <id>       local Blobs site id (default 0 = npm run dev; "unlinked" = netlify serve)`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'user' },
      password: { type: 'string' },
      'site-id': { type: 'string', default: '0' },
    },
  });
  const [command] = positionals;
  if (!command) fail('Missing command.');
  const username = values.username?.trim();
  if (command !== 'list' && !username) fail('--username is required.');
  const disconnect = await connectBlobs(values['site-id']);
  try {
    switch (command) {
      case 'create': {
        if (!values.name?.trim()) fail('--name is required.');
        if (!values.password || values.password.length < 8) fail('--password of at least 8 characters is required.');
        if (values.role !== 'admin' && values.role !== 'user') fail('--role must be admin or user.');
        const user = await createUser({ username: username!, password: values.password, name: values.name, role: values.role });
        console.log(`Created ${user.username} (${user.role}).`);
        break;
      }
      case 'list':
        for (const user of await listUsers())
          console.log(`${user.username}\t${user.role}\t${user.disabled ? 'disabled' : 'active'}\t${user.name}`);
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
