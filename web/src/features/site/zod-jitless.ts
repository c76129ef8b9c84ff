/**
 * zod compiles object parsers with `new Function` unless told not to, and merely probing for
 * that makes Chromium report a CSP violation (script-src without 'unsafe-eval'). The SPA's CSP
 * forbids eval, so zod runs jitless in the browser. Imported once, first, from main.tsx; only
 * the tiny config module of zod is pulled into the entry.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
