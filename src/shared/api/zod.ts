// zod for the schemas shared with the browser. zod 4 probes `new Function` to compile faster parsers;
// our CSP has no 'unsafe-eval', so in the browser that probe is a reported CSP violation (a console
// error and a failed Lighthouse best-practices audit). Its plain parser is plenty fast for our bodies.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
