// The dev server's per-request lines ("14:38:13 [200] /auth 110ms") scroll the content check's report out
// of sight on every page view. `npm run dev` leaves out the routine ones (answers below 400); failures,
// and every other line Astro prints, stay. `npm run dev -- --log-requests` shows them all.

// Astro colours the status when it prints to a terminal.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const REQUEST_LINE = /^(?:\d\d:\d\d:\d\d )?\[(\d{3})\] /;

/** Whether a line of the dev server's output is a request that answered below 400. */
export function isRoutineRequestLine(line: string): boolean {
  const status = REQUEST_LINE.exec(line.replace(ANSI, ''))?.[1];
  return status !== undefined && Number(status) < 400;
}

/** A writer of text chunks that drops routine request lines and passes everything else on whole lines. */
export function quietRequests(write: (text: string) => void): { push: (chunk: string) => void; end: () => void } {
  let pending = '';
  return {
    push(chunk) {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      const kept = lines.filter((line) => !isRoutineRequestLine(line));
      if (kept.length > 0) write(`${kept.join('\n')}\n`);
    },
    end() {
      if (pending && !isRoutineRequestLine(pending)) write(pending);
      pending = '';
    },
  };
}
