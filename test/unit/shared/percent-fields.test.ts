import { describe, expect, it } from 'vitest';
import { percentToBp } from '../../../src/domain/shared/money.ts';
import { contractFormSchema } from '../../../src/contracts/monitoring.ts';
import { amountField, percentField } from '../../../src/contracts/form-fields.ts';
import { DEFAULT_MONEY } from '../../../src/domain/shared/money.ts';

describe('one percentage parser and one amount field for every form', () => {
  it('reads a percentage as typed and refuses what is not 0–100 with two decimals at most', () => {
    expect(['8.25', '6.25%', ' 6.25 % ', '0', '100'].map(percentToBp)).toEqual([825, 625, 625, 0, 10_000]);
    expect(['', '%', 'abc', '6.25%%', '8.255', '100.01', '-1', '250'].map(percentToBp).every(Number.isNaN)).toBe(true);
  });

  it('names the field with the same words on every form', () => {
    expect(percentField('Tax rate').safeParse('8.255').error?.issues[0]?.message).toBe('Tax rate: a percentage from 0 to 100, such as 8.25.');
    const contract = contractFormSchema().safeParse({ clientId: 'c', siteId: 's', plan: 'Basic', monthlyFee: '$39.99', taxRate: '250', billingCycle: 'monthly', centralStation: '', accountNumber: '', startDate: '2026-11-01', endDate: '' });
    expect(contract.error?.issues.map((i) => i.message)).toEqual(['Tax rate: a percentage from 0 to 100, such as 8.25.']);
    const price = amountField('Price', DEFAULT_MONEY, 100_000);
    expect(price.safeParse('$1,000.00').success).toBe(true);
    expect(price.safeParse('$1,000.01').error?.issues[0]?.message).toBe('Price: at most $1,000.00.');
    expect(price.safeParse('ten').error?.issues[0]?.message).toBe('Price: enter an amount such as 1,000.00.');
  });
});
