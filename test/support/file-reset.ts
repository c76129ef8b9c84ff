import { afterAll, vi } from 'vitest';

/**
 * Runs before every test file (vitest `setupFiles`, re-run per file even without isolation): the
 * layers that share one module graph per worker (`isolate: false`) must not hand a later file
 * fake timers, stubbed globals or environment variables. Files clean up after themselves; this
 * is the safety net.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
