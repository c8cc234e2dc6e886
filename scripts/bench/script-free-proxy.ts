/**
 * The JS-free snapshot's server for ./lighthouse.ts: a proxy in front of the production build that answers every
 * request as the build does, except that HTML pages lose their scripts (inline ones and script files alike) and
 * are compressed again as `serve:built` compresses (brotli 5, else gzip). Chrome cannot run Lighthouse with
 * scripts switched off, and blocking `*.js` leaves the scripts Astro inlines running. Figures only.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** The page without its <script> elements. */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
}

function compressed(req: IncomingMessage, body: Buffer): { body: Buffer; encoding: string | null } {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return { body: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  if (/\bgzip\b/.test(accepted)) return { body: gzipSync(body), encoding: 'gzip' };
  return { body, encoding: null };
}

/** Starts the proxy to `target` (an origin) on a free port; answers its origin and how to stop it. */
export async function startScriptFreeProxy(target: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const headers = { ...req.headers, host: upstream.host };
    const wantsPage = String(req.headers['accept'] ?? '').includes('text/html');
    if (wantsPage) delete headers['accept-encoding']; // read the page plain, to take its scripts out
    const forward = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (answer) => {
      const type = String(answer.headers['content-type'] ?? '');
      if (!wantsPage || !type.includes('text/html')) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const page = compressed(req, Buffer.from(withoutScripts(Buffer.concat(chunks).toString('utf8'))));
        const out = { ...answer.headers, 'content-length': String(page.body.length) };
        delete out['content-encoding'];
        delete out['transfer-encoding'];
        if (page.encoding) out['content-encoding'] = page.encoding;
        res.writeHead(answer.statusCode ?? 502, out);
        res.end(page.body);
      });
    });
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
