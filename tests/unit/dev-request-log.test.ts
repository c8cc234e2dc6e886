// `npm run dev` leaves out the routine request lines of the dev server (scripts/lib/request-log.ts).
import { describe, expect, it } from 'vitest';
import { isRoutineRequestLine, quietRequests } from '../../scripts/lib/request-log';

describe('the dev server output without routine request lines', () => {
  it('drops answers below 400, with or without colour, and keeps failures and everything else', () => {
    expect(isRoutineRequestLine('14:38:13 [200] /auth 110ms')).toBe(true);
    expect(isRoutineRequestLine('14:38:13 \u001b[34m[302]\u001b[39m POST /api/login 12ms')).toBe(true);
    expect(isRoutineRequestLine('14:38:13 [404] /modules/2/lessons/230 9ms')).toBe(false);
    expect(isRoutineRequestLine('14:38:13 [500] /quizzes 40ms')).toBe(false);
    expect(isRoutineRequestLine('14:38:15 [glob-loader] Reloaded data from 01-company/05-quiz.mdx')).toBe(false);
    expect(isRoutineRequestLine('14:38:15 [WARN] [content-check]')).toBe(false);
  });

  it('passes whole lines on, also when a line arrives in pieces', () => {
    const written: string[] = [];
    const output = quietRequests((text) => written.push(text));
    output.push('14:38:13 [20');
    output.push('0] /auth 110ms\n14:38:14 [WARN] [content-check]\nContent check: 1 problem');
    output.push(' in 1 file.\n14:38:15 [404] /nope 3ms\n');
    output.push('no newline at the end');
    output.end();
    expect(written.join('')).toBe(
      '14:38:14 [WARN] [content-check]\nContent check: 1 problem in 1 file.\n14:38:15 [404] /nope 3ms\nno newline at the end',
    );
  });
});
