/**
 * zod compiles object parsers with `new Function` unless told not to, and merely probing for
 * that makes Chromium report a CSP violation (script-src without 'unsafe-eval'). The SPA's CSP
 * forbids eval, so zod runs jitless in the browser. This writes zod's documented global config
 * object (`z.config()` writes the same `globalThis.__zod_globalConfig`, shared by every copy of
 * zod) without importing zod, which would put all of it into the entry bundle. Imported first
 * from main.tsx; test/unit/web/zod-jitless.test.ts checks zod still reads it.
 */
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
g.__zod_globalConfig ??= {};
g.__zod_globalConfig.jitless = true;
