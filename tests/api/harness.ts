/**
 * API test harness. In CI: the built server function (`.netlify/v1/functions/ssr/ssr.mjs`) called in
 * process with a fresh local BlobsServer per test file, so tests exercise the real middleware and
 * routes with production code and can control the environment. With API_BASE_URL set: plain HTTP
 * against that server (e.g. the dev server), for quick iteration; `app.inProcess` is then false.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { z } from 'zod';
import { existsSync } from 'node:fs';
import { startLocalBlobs } from '~tools/local-blobs/server';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';

type Handler = (request: Request, context: { ip: string }) => Promise<Response>;

export interface RequestOptions {
  body?: unknown;
  /** Sent as is (for malformed JSON and size tests, or bytes that are not UTF-8); wins over body. */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  /** A multipart form (a file upload), sent with its own Content-Type; wins over both. */
  form?: FormData;
  headers?: Record<string, string>;
  ip?: string;
  /** No Origin header on a write (a mail client's one-click, a scheduled function's call). */
  withoutOrigin?: boolean;
}

export interface TestApp {
  origin: string;
  inProcess: boolean;
  /** One request; no cookies unless given in headers. `pathname` may be a full URL (in process). */
  request(method: string, pathname: string, options?: RequestOptions): Promise<Response>;
  /** A client with its own cookie jar that sends a same-origin Origin header on writes. */
  client(): ApiClient;
  /** Stops the Blobs server (in process) and removes its data. */
  stop(): Promise<void>;
  /** In process only: the BlobsServer's port and data folder (files under entries/<site>/site:<store>/<key>). */
  blobsPort?: number;
  blobsDirectory?: string;
  /** In process only: stops the Blobs server but keeps the app, to test storage failures. */
  stopBlobs?: () => Promise<void>;
}

export interface ApiClient {
  /** The session cookie (`pw_session=…`), or null. */
  cookie: string | null;
  /** Every other cookie the server set and did not clear (the known-device cookies), by name. */
  otherCookies: Map<string, string>;
  request(method: string, pathname: string, options?: RequestOptions): Promise<Response>;
  get(pathname: string): Promise<Response>;
  post(pathname: string, body?: unknown): Promise<Response>;
  patch(pathname: string, body?: unknown): Promise<Response>;
  login(username: string, password: string): Promise<Response>;
}

const BUILT_HANDLER = path.resolve('.netlify/v1/functions/ssr/ssr.mjs');

export async function startApp(): Promise<TestApp> {
  const baseUrl = process.env['API_BASE_URL'];
  if (baseUrl) return remoteApp(baseUrl.replace(/\/$/, ''));
  return inProcessApp();
}

async function inProcessApp(): Promise<TestApp> {
  if (!existsSync(BUILT_HANDLER)) {
    throw new Error('No built server function: run `npm run build` before the API tests (or set API_BASE_URL).');
  }
  const blobs = await startLocalBlobs({ siteID: 'api-tests' });
  process.env['PARCELWISE_LOCAL'] = 'true';
  // Test files register and write far more than a person would: the files that test the limits set them.
  process.env['REGISTRATIONS_PER_DAY'] ??= '100000';
  process.env['WRITES_PER_MINUTE'] ??= '100000';
  const module = (await import(pathToFileURL(BUILT_HANDLER).href)) as { default: Handler };
  const origin = 'http://localhost:8888';
  const app: TestApp = {
    origin,
    inProcess: true,
    blobsPort: blobs.port,
    blobsDirectory: blobs.directory,
    stopBlobs: () => blobs.stop(),
    request: (method, pathname, options = {}) => {
      const url = new URL(pathname, origin);
      return module.default(new Request(url, init(method, url.origin, options)), { ip: options.ip ?? '127.0.0.1' });
    },
    client: () => makeClient(app),
    stop: () => blobs.stop().catch(() => undefined),
  };
  return app;
}

function remoteApp(origin: string): TestApp {
  const app: TestApp = {
    origin,
    inProcess: false,
    request: (method, pathname, options = {}) => fetch(`${origin}${pathname}`, { ...init(method, origin, options), redirect: 'manual' }),
    client: () => makeClient(app),
    stop: async () => {},
  };
  return app;
}

function init(method: string, origin: string, options: RequestOptions): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const hasBody = options.rawBody !== undefined || options.body !== undefined;
  if (hasBody && !options.form) headers['Content-Type'] ??= 'application/json';
  const sendsOrigin = method !== 'GET' && method !== 'HEAD' && !options.withoutOrigin;
  if (sendsOrigin && !('Origin' in headers) && !('origin' in headers)) headers['Origin'] = origin;
  return {
    method,
    headers,
    ...(options.form ? { body: options.form } : hasBody ? { body: options.rawBody ?? JSON.stringify(options.body) } : {}),
  };
}

function makeClient(app: TestApp): ApiClient {
  const client: ApiClient = {
    cookie: null,
    otherCookies: new Map(),
    async request(method, pathname, options = {}) {
      const jar = [client.cookie, ...[...client.otherCookies].map(([name, value]) => `${name}=${value}`)].filter(Boolean).join('; ');
      const headers = { ...options.headers, ...(jar ? { Cookie: jar } : {}) };
      const response = await app.request(method, pathname, { ...options, headers });
      for (const setCookie of response.headers.getSetCookie()) {
        const [pair] = setCookie.split(';');
        const [name, value] = pair!.split('=');
        const cleared = !value || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(setCookie);
        if (name === 'pw_session') client.cookie = cleared ? null : pair!;
        else if (name) {
          if (cleared) client.otherCookies.delete(name);
          else client.otherCookies.set(name, pair!.slice(name.length + 1));
        }
      }
      return response;
    },
    get: (pathname) => client.request('GET', pathname),
    post: (pathname, body) => client.request('POST', pathname, body === undefined ? {} : { body }),
    patch: (pathname, body) => client.request('PATCH', pathname, body === undefined ? {} : { body }),
    login: (username, password) => client.request('POST', '/api/login', { body: { username, password } }),
  };
  return client;
}

/** Registers a brand-new user (registration is open in local runs) and returns its signed-in client. */
export async function signUp(
  app: TestApp,
  name = 'Test Learner',
): Promise<{ client: ApiClient; user: { id: string; username: string; name: string } }> {
  const client = app.client();
  const username = `learner-${randomUUID().slice(0, 8)}@parcelwise.example`;
  const response = await client.post('/api/register', { username, password: 'correct-horse-battery', name });
  if (response.status !== 201) throw new Error(`signUp failed: ${response.status} ${await response.text()}`);
  const user = (await response.json()) as { id: string; username: string; name: string };
  return { client, user };
}

/**
 * A member written straight into storage, with no sign-in and no events (the app must run in process: it shares the
 * storage module). Answers the new user's id.
 */
export async function storedMember(name: string, username: string): Promise<string> {
  const { users } = await import('~/server/accounts/storage/users');
  const id = randomUUID();
  await users.create({
    id,
    username,
    name,
    role: 'user',
    avatar: null,
    passwordHash: 'not-a-hash',
    disabled: false,
    sessionVersion: 1,
    createdAt: new Date().toISOString(),
  });
  return id;
}

/** A signed-in client for one of the demo accounts. */
export async function signIn(app: TestApp, account: { username: string; password: string }): Promise<ApiClient> {
  const client = app.client();
  const response = await client.login(account.username, account.password);
  if (response.status !== 200) throw new Error(`signIn failed: ${response.status} ${await response.text()}`);
  return client;
}

/** The sign-in body of an account: its username and password only. */
export const credentials = ({ username, password }: { username: string; password: string }) => ({ username, password });

/**
 * The JSON body of a response, after checking its status (the body is shown when the status is wrong);
 * with a schema of ~/shared/api, parsed through it, so the answer is checked against the shared contract.
 */
export async function expectJson<S extends z.ZodType>(response: Response, status: number, schema: S): Promise<z.infer<S>>;
export async function expectJson<T>(response: Response, status: number): Promise<T>;
export async function expectJson(response: Response, status: number, schema?: z.ZodType): Promise<unknown> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get('content-type'), text).toMatch(/application\/json/);
  const body: unknown = JSON.parse(text);
  return schema ? schema.parse(body) : body;
}

/** The `{ message }` of an error answer (every /api error is one), after checking its status when given. */
export async function messageOf(response: Response, status?: number): Promise<string> {
  const text = await response.text();
  if (status !== undefined) expect(response.status, text).toBe(status);
  expect(response.headers.get('content-type'), text).toMatch(/application\/json/);
  const body = JSON.parse(text) as { message?: unknown };
  expect(typeof body.message, text).toBe('string');
  return body.message as string;
}

export interface SignedInApp {
  app: TestApp;
  /** Signed in as `signInAs` (when given) for the whole file. */
  client: ApiClient;
}

/**
 * The usual set-up of an API test file: the app started before its tests (and, with `signInAs`, a
 * client signed in as that account), stopped after them. Read the fields inside tests and hooks.
 */
export function useTestApp(options: { signInAs?: { username: string; password: string } } = {}): SignedInApp {
  const context = {} as SignedInApp;
  beforeAll(async () => {
    context.app = await startApp();
    if (options.signInAs) context.client = await signIn(context.app, options.signInAs);
  });
  afterAll(() => context.app?.stop());
  return context;
}
