import { config } from 'zod/mini';

// Zod compiles object parsers with `new Function` when eval is allowed and probes for it when the
// first object schema is built. The Content-Security-Policy forbids eval, so the probe shows up as
// a reported violation on every page. Must run before any schema is built, hence main.tsx imports
// it first. Client only: the server keeps the compiled parsers. Through zod/mini, which shares
// this setting with the rest of zod, so the startup code does not load all of zod for it.
config({ jitless: true });
