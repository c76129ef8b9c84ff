import { describe, expect, it } from 'vitest';
import { prefixUpperBound } from '../../../src/domain/persistence/query.ts';

/** Code point order, as SQLite (BINARY, UTF-8 bytes) and MongoDB (binary) compare text. */
const byCodePoint = (a: string, b: string): number => {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
};

describe('prefix ranges (array-contains-prefix)', () => {
  it.each([
    ['smi', ['smi', 'smith', 'smi\uffff', 'smi\u{1f600}', 'smizzz'], ['smj', 'sn', 'smj\u0000']],
    ['a9', ['a9', 'a99'], ['a:', 'b']],
    ['x\ud7ff', ['x\ud7ffz'], ['x\ue000']],
    ['b\u{10ffff}', ['b\u{10ffff}', 'b\u{10ffff}a'], ['c']],
  ])('the upper bound of %j is above every string starting with it and not above the next', (prefix, inside, outside) => {
    const hi = prefixUpperBound(prefix)!;
    for (const s of inside) expect(byCodePoint(s, hi), s).toBeLessThan(0);
    for (const s of outside) expect(byCodePoint(s, hi), s).toBeGreaterThanOrEqual(0);
  });

  it('has no upper bound when the prefix is all U+10FFFF', () => {
    expect(prefixUpperBound('\u{10ffff}')).toBeNull();
    expect(prefixUpperBound('a9')).toBe('a:');
  });
});
