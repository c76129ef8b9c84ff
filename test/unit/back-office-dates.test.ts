import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every .ts/.tsx file under a folder. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));

describe('dates on the screens', () => {
  it('back-office screens write calendar days as the rest of the back office does (formatDay, "Nov 26, 2026"); the company locale\'s digits are for the pages customers open', () => {
    const customerPages = new Set(['web/src/features/invoices/PublicInvoice.tsx', 'web/src/features/proposals/PublicProposalPage.tsx']);
    const digits = filesUnder('web/src/features').filter((f) => readFileSync(f, 'utf8').includes('formatCalendarDay('));
    expect(digits.filter((f) => !customerPages.has(f))).toEqual([]);
    // The customer pages still use it (the test would pass vacuously if the name changed).
    expect(digits.sort()).toEqual([...customerPages].sort());
  });
});
