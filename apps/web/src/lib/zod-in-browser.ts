import { config } from 'zod/v4';

/*
 * zod as the browser gets it: every `zod` import of the app and of the contract resolves to this
 * module (vite.config.ts), so zod loads with the first module that builds a schema, after
 * sign-in, and this runs before any schema is built.
 *
 * zod compiles object parsers with new Function unless told not to, and its probe for that is
 * reported as a violation of the page's CSP (no 'unsafe-eval') even though zod catches the
 * error. Schemas read the setting when they are built, so it must be in place first; the
 * browser tests check that no violation is reported.
 */
config({ jitless: true });

export * from 'zod/v4';
