/**
 * API test harness. In CI: the built server function (`.netlify/v1/functions/ssr/ssr.mjs`) called in
 * process with a fresh local BlobsServer per test file, so tests exercise the real middleware and
 * routes with production code and can control the environment. With API_BASE_URL set: plain HTTP
 * against that server (e.g. the dev server), for quick iteration; `app.inProcess` is then false.
 */
import { BlobsServer } from '@netlify/blobs/server';
import { setEnvironmentContext } from '@netlify/blobs';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';

export const DEMO_ADMIN = { username: 'admin@parcelwise.example', password: 'parcelwise-admin' } as const;
export const DEMO_USER = { username: 'alex@parcelwise.example', password: 'parcelwise-demo' } as const;

type Handler = (request: Request, context: { ip: string }) => Promise<Response>;

export interface RequestOptions {
  body?: unknown;
  /** Sent as is (for malformed JSON and size tests); wins over body. */
  rawBody?: string;
  headers?: Record<string, string>;
  ip?: string;
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
  cookie: string | null;
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
  const directory = await mkdtemp(path.join(tmpdir(), 'hub-blobs-'));
  const token = randomUUID();
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const edgeURL = `http://127.0.0.1:${port}`;
  setEnvironmentContext({ siteID: 'api-tests', token, edgeURL, uncachedEdgeURL: edgeURL });
  process.env['PARCELWISE_LOCAL'] = 'true';
  const module = (await import(pathToFileURL(BUILT_HANDLER).href)) as { default: Handler };
  const origin = 'http://localhost:8888';
  const app: TestApp = {
    origin,
    inProcess: true,
    blobsPort: port,
    blobsDirectory: directory,
    stopBlobs: () => server.stop(),
    request: (method, pathname, options = {}) => {
      const url = new URL(pathname, origin);
      return module.default(new Request(url, init(method, url.origin, options)), { ip: options.ip ?? '127.0.0.1' });
    },
    client: () => makeClient(app),
    async stop() {
      await server.stop().catch(() => undefined);
      await rm(directory, { recursive: true, force: true });
    },
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
  if (hasBody) headers['Content-Type'] ??= 'application/json';
  if (method !== 'GET' && method !== 'HEAD' && !('Origin' in headers) && !('origin' in headers)) headers['Origin'] = origin;
  return {
    method,
    headers,
    ...(hasBody ? { body: options.rawBody ?? JSON.stringify(options.body) } : {}),
  };
}

function makeClient(app: TestApp): ApiClient {
  const client: ApiClient = {
    cookie: null,
    async request(method, pathname, options = {}) {
      const headers = { ...options.headers, ...(client.cookie ? { Cookie: client.cookie } : {}) };
      const response = await app.request(method, pathname, { ...options, headers });
      for (const setCookie of response.headers.getSetCookie()) {
        const [pair] = setCookie.split(';');
        const [name, value] = pair!.split('=');
        if (name === 'pw_session') client.cookie = value && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(setCookie) ? pair! : null;
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

/** A signed-in client for one of the demo accounts. */
export async function signIn(app: TestApp, account: { username: string; password: string }): Promise<ApiClient> {
  const client = app.client();
  const response = await client.login(account.username, account.password);
  if (response.status !== 200) throw new Error(`signIn failed: ${response.status} ${await response.text()}`);
  return client;
}
