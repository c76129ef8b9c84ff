import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { dateTimeFormat, numberFormat } from '../../../src/domain/shared/intl-format.ts';
import { dateKey, formatCalendarDay } from '../../../src/domain/shared/calendar-date.ts';

describe('the one Intl formatter cache', () => {
  it('hands back the same formatter for the same locale and options, a new one for others', () => {
    const a = dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })).toBe(a);
    expect(dateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'UTC' })).not.toBe(a);
    expect(numberFormat('en-US', { maximumFractionDigits: 3 })).toBe(numberFormat('en-US', { maximumFractionDigits: 3 }));
    expect(numberFormat('en-US', { maximumFractionDigits: 3 }).format(1234.5678)).toBe('1,234.568');
  });

  it('keeps the calendar helpers right across zones and locales', () => {
    const at = new Date('2026-11-26T04:30:00Z');
    expect(dateKey(at, 'America/Chicago')).toBe('2026-11-25');
    expect(dateKey(at, 'Europe/Berlin')).toBe('2026-11-26');
    expect(formatCalendarDay('2026-11-25', 'de-DE')).toBe('25.11.2026');
    expect(formatCalendarDay('2026-11-25', 'en-US', 'words')).toBe('Nov 25, 2026');
  });

  // Loading ESLint and typescript-eslint takes seconds on a busy machine.
  it('is the only place that builds a formatter: lint refuses `new Intl.DateTimeFormat` elsewhere', { timeout: 60_000 }, async () => {
    const eslint = new ESLint();
    const [result] = await eslint.lintText("export const f = new Intl.DateTimeFormat('en-US', {});\nexport const g = new Intl.NumberFormat('en-US');\n", { filePath: 'src/domain/shared/some-new-file.ts' });
    const messages = result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax');
    expect(messages).toHaveLength(2);
    expect(messages[0]!.message).toContain('intl-format.ts');
  });
});

describe('calendar day arithmetic (one addDays for every area)', () => {
  it('refuses a day that is not on the calendar instead of rolling it over', async () => {
    const { addDays } = await import('../../../src/domain/shared/calendar-date.ts');
    const week = await import('../../../src/domain/time/zoned-week.ts');
    expect(week.addDays).toBe(addDays);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(() => addDays('2026-02-30', 0)).toThrow('Not a calendar date: 2026-02-30');
    expect(() => addDays('2026-13-01', 0)).toThrow('Not a calendar date');
  });
});
