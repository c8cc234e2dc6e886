// Reading a calendar address someone pasted, without letting it reach our own network: https only; the
// host is resolved here and every address it resolves to must be public (no loopback, private, link-local,
// metadata, multicast or reserved range), and the connection goes to the address that was checked, so a
// second lookup cannot answer differently; each redirect is checked the same way. 5 seconds in all, 2 MB at
// most, 5 redirects at most. Errors say what went wrong in the person's words and never repeat the address.
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { calendarTestHosts } from '~/server/config';
import { HttpError } from '~/server/errors';

const FETCH_TIMEOUT_MS = 5_000;
const MAX_CALENDAR_BYTES = 2 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

export const CALENDAR_FETCH_MESSAGES = {
  notAddress: 'That is not a web address. Paste the private address of your calendar in iCalendar format.',
  notHttps: 'The calendar address must start with https://.',
  credentials: 'The calendar address must not contain a user name or password.',
  unknownHost: 'The calendar’s server could not be found.',
  privateAddress: 'That address leads to a private network, which the hub does not read.',
  timeout: 'The calendar did not answer within 5 seconds.',
  tooLarge: 'The calendar is larger than 2 MB, which the hub does not read.',
  tooManyRedirects: 'The calendar address redirected more than 5 times.',
  unreachable: 'The calendar’s server could not be reached.',
  status: (status: number) => `The calendar’s server answered ${status} instead of the calendar.`,
} as const;

const fail = (message: string) => new HttpError(400, message);

/** A checked target: the URL and the one address to connect to. */
interface Target {
  url: URL;
  address: string;
  family: 4 | 6;
  /** A test host of a local run: plain http allowed, its self-signed certificate accepted. */
  testHost: boolean;
}

/** Only ordinary public unicast addresses (an IPv4 address mapped into IPv6 is judged as IPv4). */
function isPublic(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const isLoopback = (address: string): boolean => ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';

/** The URL checked and resolved to one address every rule allows. */
async function checkTarget(url: URL): Promise<Target> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const testHost = calendarTestHosts().has(`${url.hostname.toLowerCase()}:${port}`);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && testHost)) throw fail(CALENDAR_FETCH_MESSAGES.notHttps);
  if (url.username || url.password) throw fail(CALENDAR_FETCH_MESSAGES.credentials);
  let addresses: Array<{ address: string; family: number }>;
  if (ipaddr.isValid(hostname)) {
    addresses = [{ address: hostname, family: hostname.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await lookup(hostname, { all: true, verbatim: true });
    } catch {
      throw fail(CALENDAR_FETCH_MESSAGES.unknownHost);
    }
  }
  // Every answer must pass, not only the first: a name that also resolves inside is refused.
  const allowed = (address: string) => isPublic(address) || (testHost && isLoopback(address));
  if (addresses.length === 0 || !addresses.every(({ address }) => allowed(address))) throw fail(CALENDAR_FETCH_MESSAGES.privateAddress);
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4, testHost };
}

/** One request to a checked target; the answer's head, its body not yet read. */
function send(target: Target, signal: AbortSignal): Promise<IncomingMessage> {
  // The socket connects to the checked address, whatever a new lookup of the name would say.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const request = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(target.url, {
      method: 'GET',
      headers: { Accept: 'text/calendar, */*;q=0.5', 'User-Agent': 'Parcelwise-Learning-Hub-Calendar' },
      lookup: pinned,
      // A fresh connection each time: no pooled socket is shared between checked targets.
      agent: false,
      signal,
      // Only a local run's own test server has a self-signed certificate.
      rejectUnauthorized: !target.testHost,
    });
    outgoing.on('response', resolve);
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The body, refused past the cap (by its announced length first, then as it arrives). */
async function readCapped(response: IncomingMessage): Promise<string> {
  const announced = Number(response.headers['content-length']);
  if (Number.isFinite(announced) && announced > MAX_CALENDAR_BYTES) {
    response.destroy();
    throw fail(CALENDAR_FETCH_MESSAGES.tooLarge);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_CALENDAR_BYTES) {
      response.destroy();
      throw fail(CALENDAR_FETCH_MESSAGES.tooLarge);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A step that does not take a signal (the name lookup), cut off at the same deadline. */
function withinTime<T>(step: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = () => reject(fail(CALENDAR_FETCH_MESSAGES.timeout));
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    step.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The text at a calendar address, following at most 5 redirects, each checked; a 400 HttpError saying why not. */
export async function fetchCalendar(address: string): Promise<string> {
  let url = URL.parse(address);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw fail(CALENDAR_FETCH_MESSAGES.notAddress);
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const response = await send(await withinTime(checkTarget(url), signal), signal);
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode ?? 0) && location) {
        response.destroy();
        if (redirects === MAX_REDIRECTS) throw fail(CALENDAR_FETCH_MESSAGES.tooManyRedirects);
        url = URL.parse(location, url);
        if (!url) throw fail(CALENDAR_FETCH_MESSAGES.notAddress);
        continue;
      }
      if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) > 299) {
        response.destroy();
        throw fail(CALENDAR_FETCH_MESSAGES.status(response.statusCode ?? 0));
      }
      return await readCapped(response);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (signal.aborted) throw fail(CALENDAR_FETCH_MESSAGES.timeout);
    throw fail(CALENDAR_FETCH_MESSAGES.unreachable);
  }
}
