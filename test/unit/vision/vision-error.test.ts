import { describe, expect, it } from 'vitest';
import { isDomainError } from '../../../src/domain/shared/domain-error.ts';
import { isVisionError, VisionError } from '../../../src/domain/vision/vision-error.ts';

describe('VisionError', () => {
  it.each([
    ['unsupported-image', 'validation'],
    ['corrupt-image', 'validation'],
    ['queue-full', 'rate-limited'],
    ['timeout', 'unavailable'],
    ['detector-unavailable', 'unavailable'],
  ] as const)('%s maps to the %s code', (reason, code) => {
    const e = new VisionError(reason, 'msg');
    expect(e).toMatchObject({ reason, code, message: 'msg' });
    expect(isDomainError(e) && isVisionError(e)).toBe(true);
  });
});
