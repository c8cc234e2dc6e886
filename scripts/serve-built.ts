/**
 * Serves the production build locally without the Netlify emulators: static files from dist/ and
 * everything else through the built server function (.netlify/v1/functions/ssr/ssr.mjs), over a
 * local BlobsServer. Same code as production, answers in milliseconds, so the e2e suite uses it.
 * (`npm run serve` runs the full `netlify serve --offline` emulation instead; docs/decisions.md.)
 *
 * With `--latency on` (or BLOBS_LATENCY=on) every Blobs operation waits as a round trip to Netlify Blobs
 * would (40 ms per get, 60 ms per set and list, ±25 %; or e.g. `--latency get=40,set=60,list=60,jitter=25%`),
 * Every answer's `Server-Timing` header says how many Blobs operations it waited for.
 * With `--faults on` (or BLOBS_FAULTS=on; or e.g. `--faults rate=5%,kinds=error+timeout,seed=42`) that share
 * of Blobs requests fail, reproducibly from the seed (tools/local-blobs/faults.ts).
 *
 * With `--https` it serves https with a self-signed certificate made at start (tools/self-signed.ts), so the
 * site answers as it does on Netlify: `__Host-` Secure cookies, Strict-Transport-Security.
 *
 *   npm run build && npm run serve:built -- [--port 8888] [--data .netlify/blobs-e2e] [--latency on] [--faults on] [--https]
 */
import { existsSync } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { describeFaults, parseFaults } from '~tools/local-blobs/faults';
import { parseLatency } from '~tools/local-blobs/latency';
import { startLocalBlobs } from '~tools/local-blobs/server';
import { localMailUnlessConfigured } from '~tools/local-mail/for-local-run';
import { localOidcUnlessConfigured } from '~tools/local-oidc/for-local-run';
import { serverTiming, withTrace } from '~tools/local-blobs/trace';
import { selfSignedCertificate } from '~tools/self-signed';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8888' },
    data: { type: 'string', default: '.netlify/blobs-e2e' },
    keep: { type: 'boolean', default: false },
    latency: { type: 'string', default: process.env['BLOBS_LATENCY'] ?? 'off' },
    https: { type: 'boolean', default: false },
    faults: { type: 'string', default: process.env['BLOBS_FAULTS'] ?? 'off' },
  },
});
const DIST = path.resolve('dist');
const HANDLER = path.resolve('.netlify/v1/functions/ssr/ssr.mjs');
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
};

if (!existsSync(HANDLER)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

const dataDir = path.resolve(values.data);
if (!values.keep) await rm(dataDir, { recursive: true, force: true });
const latency = parseLatency(values.latency);
const faults = parseFaults(values.faults);
const blobs = await startLocalBlobs({ directory: dataDir, siteID: 'local-serve', latency, faults });
process.env['PARCELWISE_LOCAL'] ??= 'true';
const oidc = await localOidcUnlessConfigured([Number(values.port)], values.https ? 'https' : 'http');
const mail = await localMailUnlessConfigured();
const { default: handler } = (await import(pathToFileURL(HANDLER).href)) as {
  default: (request: Request, context: { ip: string }) => Promise<Response>;
};

async function staticFile(pathname: string): Promise<string | null> {
  if (pathname.endsWith('/')) return null;
  const file = path.join(DIST, decodeURIComponent(pathname));
  if (!file.startsWith(DIST + path.sep)) return null;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? file : null;
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const chunks: Buffer[] = [];
  if (req.method !== 'GET' && req.method !== 'HEAD') for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method ?? 'GET',
    headers,
    ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
  });
}

/** Text answers compressed as Netlify's CDN does (brotli, else gzip), so byte and load figures match production. */
function compress(req: IncomingMessage, headers: Record<string, string | string[]>, body: Buffer): Buffer {
  const type = String(headers['content-type'] ?? '');
  if (body.length < 256 || headers['content-encoding'] || !/text|javascript|json|svg|xml/.test(type)) return body;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  headers['vary'] = headers['vary'] ? `${String(headers['vary'])}, Accept-Encoding` : 'Accept-Encoding';
  if (/\bbr\b/.test(accepted)) {
    headers['content-encoding'] = 'br';
    return brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    headers['content-encoding'] = 'gzip';
    return gzipSync(body);
  }
  return body;
}

/** Static files never change while serving: compress each once per encoding, not on every request. */
const compressedFiles = new Map<string, { body: Buffer; headers: Record<string, string | string[]> }>();
async function compressedFile(req: IncomingMessage, headers: Record<string, string | string[]>, file: string): Promise<Buffer> {
  const probe = { ...headers };
  const cacheKey = `${file}\0${String(req.headers['accept-encoding'] ?? '')}`;
  let cached = compressedFiles.get(cacheKey);
  if (!cached) {
    cached = { body: compress(req, probe, await readFile(file)), headers: probe };
    compressedFiles.set(cacheKey, cached);
  }
  Object.assign(headers, cached.headers);
  return cached.body;
}

async function send(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  const body = compress(req, headers, Buffer.from(await response.arrayBuffer()));
  res.writeHead(response.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

const scheme = values.https ? 'https' : 'http';
const listener: RequestListener = async (req, res) => {
  try {
    const origin = `${scheme}://${req.headers.host ?? `localhost:${values.port}`}`;
    const url = new URL(req.url ?? '/', origin);
    // Netlify's image CDN resizes pictures in production (the Netlify adapter's image service); here the
    // original file answers, so pictures show in local runs too.
    const pathname = url.pathname === '/.netlify/images' ? `/${(url.searchParams.get('url') ?? '').replace(/^\/+/, '')}` : url.pathname;
    const file = (req.method === 'GET' || req.method === 'HEAD') && (await staticFile(pathname));
    if (file) {
      const immutable = pathname.startsWith('/_astro/');
      const headers: Record<string, string | string[]> = {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        'x-content-type-options': 'nosniff',
      };
      const body = await compressedFile(req, headers, file);
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const request = await toRequest(req, origin);
    // Each answer says what it waited for in Blobs operations (a local measurement; never on Netlify).
    const response = await withTrace(async (trace) => {
      const answer = await handler(request, { ip: req.socket.remoteAddress ?? '127.0.0.1' });
      answer.headers.set('Server-Timing', serverTiming(trace));
      return answer;
    });
    await send(req, res, response);
  } catch (error) {
    console.error(error);
    res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal error');
  }
};
const server = values.https ? createHttpsServer(selfSignedCertificate(), listener) : createHttpServer(listener);

server.listen(Number(values.port), '127.0.0.1', () => {
  const simulated = latency
    ? ` (Blobs latency: get ${latency.get} ms, set ${latency.set} ms, list ${latency.list} ms, ±${Math.round(latency.jitter * 100)} %)`
    : '';
  console.log(`Serving the production build on ${scheme}://localhost:${values.port}${simulated}`);
  if (faults) console.log(`Blobs fault mode: ${describeFaults(faults)}.`);
});
const stop = async () => {
  server.close();
  await Promise.all([blobs.stop(), oidc?.stop(), mail?.stop()]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
