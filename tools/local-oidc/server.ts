/**
 * A real OpenID Connect provider (`oidc-provider`) on loopback for local runs and tests: it knows the demo
 * accounts with their demo passwords (and any test identities given), shows a plain sign-in form, and
 * skips consent for its one client, the hub. `npm start`, `npm run serve:built` and the tests start it
 * and point the hub's OIDC_* settings at it. Never part of the deployed site.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { DEMO_ACCOUNTS } from '~/server/demo-accounts';

/** Someone the provider can sign in. */
export interface LocalIdentity {
  /** What the sign-in form asks for (the e-mail address). */
  login: string;
  password: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /** The provider's subject for this person (`sub`); the e-mail address when not given. */
  subject?: string;
}

export const DEMO_IDENTITIES: readonly LocalIdentity[] = DEMO_ACCOUNTS.map((account) => ({
  login: account.username,
  password: account.password,
  email: account.username,
  emailVerified: true,
  name: account.name,
}));

export interface LocalOidcOptions {
  /** Where the hub runs (its callback is `<origin>/auth/callback`); localhost and 127.0.0.1 are both allowed. */
  appOrigins: readonly string[];
  /** Identities besides the demo accounts. */
  identities?: readonly LocalIdentity[];
  port?: number;
  /** Seconds an ID token is valid (the provider's default: one hour). */
  idTokenTtl?: number;
}

export interface LocalOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The hub's settings for this provider. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const subjectOf = (identity: LocalIdentity) => identity.subject ?? identity.email;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function signInPage(uid: string, error: string | null): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Local identity provider</title>
<body style="font-family:sans-serif;max-width:24rem;margin:3rem auto">
<h1>Local identity provider</h1><p>Sign in with a demo account to continue to the Learning Hub.</p>
${error ? `<p role="alert" style="color:#b00">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}/login">
<label>E-mail <input name="login" type="email" autocomplete="username" required></label><br><br>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label><br><br>
<button type="submit">Sign in</button></form>
<form method="post" action="/interaction/${escape(uid)}/abort"><button type="submit">Cancel</button></form></body></html>`;
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function configuration(
  options: LocalOidcOptions,
  identities: readonly LocalIdentity[],
  client: { id: string; secret: string },
): Configuration {
  const byId = new Map(identities.map((identity) => [subjectOf(identity), identity]));
  return {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        // Production registers its own callback and the relay that deploy previews sign in through.
        redirect_uris: options.appOrigins.flatMap((origin) => [`${origin}/auth/callback`, `${origin}/auth/preview-callback`]),
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google's: the e-mail and name travel in the ID token.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const identity = byId.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: identity.email, email_verified: identity.emailVerified, name: identity.name }),
      };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    ttl: { IdToken: options.idTokenTtl ?? 3600 },
    // The hub is the provider's only client: no consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { Grant } = ctx.oidc.provider;
      const grantId = ctx.oidc.result?.['consent']?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return Grant.find(grantId);
      const grant = new Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
}

export async function startLocalOidc(options: LocalOidcOptions): Promise<LocalOidc> {
  const identities = [...DEMO_IDENTITIES, ...(options.identities ?? [])];
  const client = { id: 'learning-hub-local', secret: randomBytes(24).toString('base64url') };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, configuration(options, identities, client));
  const callback = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void interaction(provider, identities, req, res).then((handled) => {
      if (!handled) callback(req, res);
    });
  });
  return {
    issuer,
    clientId: client.id,
    clientSecret: client.secret,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: client.id,
      OIDC_CLIENT_SECRET: client.secret,
      OIDC_ALLOWED_DOMAINS: 'parcelwise.example',
      OIDC_LABEL: 'Sign in with Parcelwise SSO (local)',
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The sign-in form and its answers; false for anything that is the provider's own. */
async function interaction(provider: Provider, identities: readonly LocalIdentity[], req: IncomingMessage, res: ServerResponse) {
  const match = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
  if (!match) return false;
  const [, uid, action] = match;
  try {
    if (!action && req.method === 'GET') {
      await provider.interactionDetails(req, res);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(signInPage(uid!, null));
    } else if (action === '/abort' && req.method === 'POST') {
      const result = { error: 'access_denied', error_description: 'The person cancelled the sign-in.' };
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    } else if (action === '/login' && req.method === 'POST') {
      const form = await formOf(req);
      const identity = identities.find((candidate) => candidate.login === form.get('login')?.trim().toLowerCase());
      if (!identity || identity.password !== form.get('password')) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(signInPage(uid!, 'Wrong e-mail or password.'));
      } else {
        await provider.interactionFinished(req, res, { login: { accountId: subjectOf(identity) } }, { mergeWithLastSubmission: false });
      }
    } else {
      res.writeHead(405).end();
    }
  } catch (error) {
    res.writeHead(400, { 'Content-Type': 'text/plain' }).end(error instanceof Error ? error.message : 'Bad request');
  }
  return true;
}
