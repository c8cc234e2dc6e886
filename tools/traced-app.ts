/**
 * The built server function (`.netlify/v1/functions/ssr/ssr.mjs`) called in process over a fresh local
 * Blobs server in a process of its own (tools/local-blobs/process.ts), optionally in latency mode, with every request traced: how many Blobs operations it
 * made, how many of them one after the other, and its time to first byte. What the round-trip test
 * (tests/api/round-trips.test.ts) and `npm run bench:latency` measure with; free of vitest, so a plain
 * script can use it. Run `npm run build` first.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BlobsFaults } from './local-blobs/faults';
import type { BlobsLatency } from './local-blobs/latency';
import { startBlobsProcess } from './local-blobs/process';
import { settled, summarize, withTrace, type BlobOperation, type TraceSummary } from './local-blobs/trace';

type Handler = (request: Request, context: { ip: string; waitUntil: (promise: Promise<unknown>) => void }) => Promise<Response>;

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as an HTML form post. */
  form?: Record<string, string>;
  /** Sent as is, with the Content-Type of `headers` (a file upload). */
  text?: string;
  headers?: Record<string, string>;
}

/** A browser-like client: its own cookie jar, a same-origin Origin header on writes. */
export interface Client {
  request(method: string, pathname: string, options?: RequestOptions): Promise<Response>;
  signedIn(): boolean;
}

export interface Measured {
  status: number;
  /** Until the first byte of the body (the headers for an empty one). */
  ttfbMs: number;
  totalMs: number;
  /**
   * CPU time of this process from the call to the last byte (user + system): the function's work for a
   * request sent alone (the Blobs server runs in a process of its own); meaningless under concurrency.
   */
  cpuMs: number;
  /** The awaited operations, their longest sequential chain, and what ran in the background. */
  summary: TraceSummary;
  operations: BlobOperation[];
  body: string;
}

export interface TracedApp {
  origin: string;
  client(): Client;
  /** One traced request: the whole answer is read and background work waited for. */
  measure(client: Client, method: string, pathname: string, options?: RequestOptions): Promise<Measured>;
  stop(): Promise<void>;
}

const BUILT_HANDLER = path.resolve('.netlify/v1/functions/ssr/ssr.mjs');

export async function startTracedApp(
  options: {
    latency?: BlobsLatency | null;
    /** Requests that fail (fault mode); none by default. */
    faults?: BlobsFaults | null;
    siteID?: string;
    /** Another build's ssr.mjs (comparisons). */ handlerPath?: string;
  } = {},
): Promise<TracedApp> {
  const handlerPath = path.resolve(options.handlerPath ?? BUILT_HANDLER);
  if (!existsSync(handlerPath)) throw new Error(`No built server function at ${handlerPath}: run \`npm run build\` first.`);
  const blobs = await startBlobsProcess({
    siteID: options.siteID ?? 'round-trips',
    latency: options.latency ?? null,
    faults: options.faults ?? null,
  });
  process.env['PARCELWISE_LOCAL'] = 'true';
  // Measurements of speed, not of the limits: accounts and writes well past a day's and a minute's worth.
  process.env['REGISTRATIONS_PER_DAY'] ??= '100000';
  process.env['WRITES_PER_MINUTE'] ??= '100000';
  const { default: handler } = (await import(pathToFileURL(handlerPath).href)) as { default: Handler };
  const origin = 'http://localhost:8888';
  // Work handed to waitUntil is followed by the trace itself (settled()); nothing more to keep here.
  const waitUntil = () => undefined;

  const client = (): Client => {
    const jar = new Map<string, string>();
    return {
      signedIn: () => jar.size > 0,
      async request(method, pathname, requestOptions = {}) {
        const headers: Record<string, string> = { Accept: 'text/html,application/json', ...requestOptions.headers };
        if (jar.size > 0) headers['Cookie'] = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
        let body: string | undefined;
        if (requestOptions.form) {
          headers['Content-Type'] = 'application/x-www-form-urlencoded';
          body = new URLSearchParams(requestOptions.form).toString();
        } else if (requestOptions.body !== undefined) {
          headers['Content-Type'] = 'application/json';
          body = JSON.stringify(requestOptions.body);
        } else if (requestOptions.text !== undefined) {
          body = requestOptions.text;
        }
        if (method !== 'GET' && method !== 'HEAD') headers['Origin'] = origin;
        const response = await handler(new Request(new URL(pathname, origin), { method, headers, ...(body ? { body } : {}) }), {
          ip: '127.0.0.1',
          waitUntil,
        });
        for (const setCookie of response.headers.getSetCookie()) {
          const [pair = ''] = setCookie.split(';');
          const separator = pair.indexOf('=');
          const name = pair.slice(0, separator).trim();
          const value = pair.slice(separator + 1);
          if (value === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(setCookie)) jar.delete(name);
          else jar.set(name, value);
        }
        return response;
      },
    };
  };

  const measure: TracedApp['measure'] = (requester, method, pathname, requestOptions) =>
    withTrace(async (trace) => {
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      const response = await requester.request(method, pathname, requestOptions);
      const reader = response.body?.getReader();
      const chunks: Uint8Array[] = [];
      let ttfbMs = performance.now() - start;
      if (reader) {
        let first = true;
        for (;;) {
          const { done, value } = await reader.read();
          if (first) ttfbMs = performance.now() - start;
          first = false;
          if (done) break;
          chunks.push(value);
        }
      }
      const totalMs = performance.now() - start;
      const cpu = process.cpuUsage(cpuStart);
      await settled();
      return {
        status: response.status,
        ttfbMs,
        totalMs,
        cpuMs: (cpu.user + cpu.system) / 1000,
        summary: summarize(trace),
        operations: [...trace.operations],
        // Decoded only when read: the benchmark shares this process with the function it measures.
        get body() {
          return Buffer.concat(chunks).toString('utf8');
        },
      };
    });

  // Background work (a rollup saved after a response) finishes before the Blobs server goes away.
  const stop = async () => {
    await settled();
    await blobs.stop();
  };
  return { origin, client, measure, stop };
}
