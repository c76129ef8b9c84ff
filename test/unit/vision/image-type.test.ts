import { describe, expect, it } from 'vitest';
import { detectImageType } from '../../../src/domain/vision/image-type.ts';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('detectImageType', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'image/png'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['GIF', bytes('GIF89a', [0, 0]), null],
    ['RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), null],
    ['text claiming to be a JPEG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['a truncated PNG signature', bytes([0x89], 'PNG'), null],
    ['nothing', new Uint8Array(0), null],
  ])('%s', (_name, input, expected) => {
    expect(detectImageType(input)).toBe(expected);
  });
});
