import { describe, expect, it } from 'vitest';
import '../../../web/src/features/site/zod-jitless.ts';
import { config } from 'zod/v4/core';

describe('zod in the browser', () => {
  it('runs jitless (no eval probe for the CSP to report), through the config zod itself reads', () => {
    expect(config().jitless).toBe(true);
  });
});
