/**
 * A local calendar server for the tests, over https (a self-signed certificate) or plain http: it serves
 * the fixtures of tests/fixtures/calendars/ and the bad answers the hub must refuse (an HTML page, 50 MB,
 * endless redirects, a redirect to another address, silence), a call starting 30 minutes after the request
 * (`/soon.ics`, 30 minutes after the server started: for the reminder the hourly function sends), and counts the requests it got.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { selfSignedCertificate } from '~tools/self-signed';

export interface CalendarServer {
  /** `127.0.0.1:<port>`, as PARCELWISE_CALENDAR_TEST_HOSTS names it. */
  host: string;
  origin: string;
  /** Requests received, by path. */
  hits: Map<string, number>;
  /** Where `/redirect` sends the reader next. */
  redirectTo: string;
  /** The start of `/soon.ics`'s call: 30 minutes after the server started, on the whole minute. */
  soon: Date;
  stop(): Promise<void>;
}

const FIFTY_MB = 50 * 1024 * 1024;

const icsTime = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A calendar with one call with Globex, starting at `start`. */
function soonCalendar(start: Date): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'BEGIN:VEVENT',
    `UID:soon-${start.getTime()}@example.com`,
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(new Date(start.getTime() + 30 * 60_000))}`,
    'SUMMARY:Globex check-in',
    'ORGANIZER;CN=Jonas Weber:mailto:j.weber@globex.de',
    'ATTENDEE;PARTSTAT=ACCEPTED:mailto:alex@parcelwise.example',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

function answer(server: CalendarServer, request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', server.origin);
  server.hits.set(url.pathname, (server.hits.get(url.pathname) ?? 0) + 1);
  const fixture = /^\/calendars\/([a-z]+\.ics)$/.exec(url.pathname)?.[1];
  if (fixture) {
    response.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' });
    response.end(readFileSync(path.join('tests/fixtures/calendars', fixture)));
    return;
  }
  switch (url.pathname) {
    case '/soon.ics':
      response.writeHead(200, { 'Content-Type': 'text/calendar' });
      response.end(soonCalendar(server.soon));
      return;
    case '/bad-date.ics':
      response.writeHead(200, { 'Content-Type': 'text/calendar' });
      response.end(
        'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:bad-1\r\nDTSTART:20271345T250000Z\r\nSUMMARY:Broken call\r\nORGANIZER:mailto:buyer@acme.com\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
      );
      return;
    case '/page.html':
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('<!doctype html><title>Sign in to see this calendar</title>');
      return;
    case '/huge.ics': {
      // 50 MB sent as it is made, with no length announced: the reader must stop on its own.
      response.writeHead(200, { 'Content-Type': 'text/calendar' });
      const chunk = Buffer.alloc(64 * 1024, 'X');
      let sent = 0;
      const more = () => {
        while (sent < FIFTY_MB) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
        response.end();
      };
      response.on('error', () => undefined);
      more();
      return;
    }
    case '/huge-announced.ics':
      response.writeHead(200, { 'Content-Type': 'text/calendar', 'Content-Length': String(FIFTY_MB) });
      response.end();
      return;
    case '/endless':
      response.writeHead(302, { Location: '/endless' });
      response.end();
      return;
    case '/hops': {
      const left = Number(url.searchParams.get('left') ?? '0');
      response.writeHead(302, { Location: left > 0 ? `/hops?left=${left - 1}` : '/calendars/google.ics' });
      response.end();
      return;
    }
    case '/redirect':
      response.writeHead(307, { Location: server.redirectTo });
      response.end();
      return;
    case '/slow.ics':
      setTimeout(() => {
        response.writeHead(200, { 'Content-Type': 'text/calendar' });
        response.end(readFileSync(path.join('tests/fixtures/calendars', 'google.ics')));
      }, 400);
      return;
    case '/silent':
      return; // never answers
    default:
      response.writeHead(404);
      response.end('not here');
  }
}

/** Serves the fixtures on a free port, or on `port` (the end-to-end server is told it before this starts). */
export async function startCalendarServer(options: { https?: boolean; host?: string; port?: number } = {}): Promise<CalendarServer> {
  const secure = options.https ?? true;
  const listenHost = options.host ?? '127.0.0.1';
  let server: CalendarServer | null = null;
  const handler = (request: IncomingMessage, response: ServerResponse) => answer(server!, request, response);
  const http: Server = secure ? createHttpsServer(selfSignedCertificate(), handler) : createHttpServer(handler);
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, listenHost, resolve));
  const { port } = http.address() as AddressInfo;
  const hostPart = listenHost.includes(':') ? `[${listenHost}]` : listenHost;
  server = {
    host: `${hostPart}:${port}`,
    origin: `${secure ? 'https' : 'http'}://${hostPart}:${port}`,
    hits: new Map(),
    redirectTo: '/calendars/google.ics',
    soon: new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30 * 60_000),
    stop: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
  return server;
}
