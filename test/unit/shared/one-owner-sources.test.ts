import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? sources(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : []));

describe('one owner, used everywhere', () => {
  it('no screen builds a tel: link by hand (they all call telHref, which keeps an extension)', () => {
    const offenders = [...sources('web/src'), ...sources('src')].filter((f) => !f.endsWith('phone.ts') && /[`'"]tel:/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('no form or sender reads phone numbers by hand (they all use src/domain/shared/phone.ts and phoneProblem)', () => {
    const offenders = [...sources('web/src'), ...sources('src')].filter((f) => !f.endsWith('shared/phone.ts') && /\[\+\(\)\\d\\s\.-\]|function (toE164|telHref)/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it("the client hub and the invoice page show an invoice's status with the one customer vocabulary", () => {
    for (const f of ['web/src/features/portal/Hub.tsx', 'web/src/features/invoices/PublicInvoice.tsx']) {
      const src = readFileSync(f, 'utf8');
      expect(src).toContain('<CustomerInvoiceStatus invoice=');
      expect(src).not.toMatch(/StatusChip|Part paid/);
    }
  });
});
