import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// api files that must get their own module graph: a module mock (vi.mock) only takes hold in a
// file that imports the mocked module first, which a shared graph cannot promise.
const apiIsolated = ['test/api/security.test.ts'];
// Per file, even in a shared module graph: real timers, globals and env restored after the file.
const fileReset = ['test/support/file-reset.ts'];

// One config, one project per test layer (DESIGN.md "Tests"; docs/architecture.md "Tests").
export default defineConfig({
  test: {
    // Two workers even on a 2-core machine (vitest's default is cores − 1) for the unit, web,
    // contract and api layers; the e2e layer then runs after them, one file at a time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: ['test/unit/web/**'],
          environment: 'node',
          // One module graph per worker: the source is imported once, not once per file
          // (per-file isolation cost more than the tests). Files must leave no global state behind.
          isolate: false,
          setupFiles: fileReset,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['test/unit/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One jsdom and one module graph per worker, not per file (a quarter of the time).
          isolate: false,
          setupFiles: fileReset,
        },
      },
      {
        test: {
          name: 'contract',
          include: ['test/contract/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          setupFiles: fileReset,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          exclude: apiIsolated,
          environment: 'node',
          testTimeout: 30_000,
          // Two files at a time (each server on its own free port and temp folder), one module graph per worker.
          isolate: false,
          setupFiles: fileReset,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'api-isolated',
          include: apiIsolated,
          environment: 'node',
          testTimeout: 30_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Still one file at a time (each with its own server and Chromium), in one reused worker.
          isolate: false,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
