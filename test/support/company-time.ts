import { dateTimeFormat } from '../../src/domain/shared/intl-format.ts';

/** The company's time zone in the test server (COMPANY_TIME_ZONE's default). */
export const TEST_COMPANY_ZONE = 'America/Chicago';

/**
 * A schedule box's value (datetime-local, whole minutes) `hours` from now, as the company's clock
 * reads it: the screens take and show visit times in the company's zone, not the browser's.
 */
export function companyInput(hours: number, timeZone = TEST_COMPANY_ZONE): string {
  const p = Object.fromEntries(
    dateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(Date.now() + hours * 3_600_000))
      .map((x) => [x.type, x.value]),
  );
  return `${p['year']}-${p['month']}-${p['day']}T${p['hour']}:${p['minute']}`;
}
