import { describe, expect, it } from 'vitest';
import * as api from '../../../src/contracts/monitoring.ts';
import { BILLING_CYCLES } from '../../../src/domain/monitoring/billing-period.ts';
import { CONTRACT_STATUSES } from '../../../src/domain/monitoring/monitoring-contract.ts';
import { CONTRACT_SORTS } from '../../../src/domain/monitoring/contract-repository.ts';
import { KEY_STATUSES } from '../../../src/domain/schedule/idempotency-keys.ts';

describe('monitoring API schemas', () => {
  it('repeat the domain lists exactly', () => {
    expect(api.BILLING_CYCLES).toEqual(BILLING_CYCLES);
    expect(api.CONTRACT_STATUSES).toEqual(CONTRACT_STATUSES);
    expect(api.CONTRACT_SORTS).toEqual(CONTRACT_SORTS);
    expect(KEY_STATUSES).toEqual(['claimed', 'done', 'failed']);
  });

  const valid = { clientId: 'c1', siteId: 's1', plan: 'Gold', monthlyFeeCents: 3999, billingCycle: 'monthly', startDate: '2026-11-15' };

  it('accept a contract and default the optional fields', () => {
    expect(api.contractRequestSchema.parse(valid)).toEqual({ ...valid, taxRateBp: 0, centralStation: '', accountNumber: '', endDate: null });
  });

  it.each([
    [{ monthlyFeeCents: 39.5 }, 'monthlyFeeCents'],
    [{ startDate: '2026-02-30' }, 'startDate'],
    [{ endDate: '2026-11-01' }, 'endDate'],
    [{ billingCycle: 'weekly' }, 'billingCycle'],
    [{ plan: '' }, 'plan'],
  ])('refuse %j on %s', (change, field) => {
    const r = api.contractRequestSchema.safeParse({ ...valid, ...change });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toContain(field);
  });
});

describe('contract form', () => {
  it('turns dollars and percent into cents and basis points exactly, and back', () => {
    const form = { ...api.toContractForm(null, '2026-11-22'), clientId: 'c1', siteId: 's1', plan: ' Gold ', monthlyFee: '39.99', taxRate: '8.25' };
    expect(api.contractFormSchema().safeParse(form).success).toBe(true);
    const req = api.toContractRequest(form);
    expect(req).toMatchObject({ plan: 'Gold', monthlyFeeCents: 3999, taxRateBp: 825, startDate: '2026-11-22', endDate: null });
    expect(api.toContractRequest({ ...form, monthlyFee: '0.1', taxRate: '7' })).toMatchObject({ monthlyFeeCents: 10, taxRateBp: 700 });
    expect(api.contractRequestSchema.safeParse(req).success).toBe(true);
  });

  it('refuses a fee with more than two decimals', () => {
    const r = api.contractFormSchema().safeParse({ ...api.toContractForm(null, '2026-11-22'), monthlyFee: '1.999' });
    expect(r.error?.issues.map((i) => i.path[0])).toContain('monthlyFee');
  });

  it('takes the fee as people type it, like every other money field ("$39.99", "1,039.99", "39,99 €" in de-DE), and names the field when it is not one', () => {
    const base = { ...api.toContractForm(null, '2026-11-22'), clientId: 'c1', siteId: 's1', plan: 'Gold' };
    for (const [typed, cents] of [['$39.99', 3999], ['1,039.99', 103_999], [' 39.99 ', 3999]] as const) {
      expect(api.contractFormSchema().safeParse({ ...base, monthlyFee: typed }).success, typed).toBe(true);
      expect(api.toContractRequest({ ...base, monthlyFee: typed }).monthlyFeeCents, typed).toBe(cents);
    }
    const euro = { currency: 'EUR', locale: 'de-DE' };
    expect(api.toContractRequest({ ...base, monthlyFee: '1.039,99 €' }, euro).monthlyFeeCents).toBe(103_999);
    expect(api.toContractRequest({ ...base, taxRate: '6.25 %' }).taxRateBp).toBe(625);
    const bad = api.contractFormSchema().safeParse({ ...base, monthlyFee: 'forty' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['Monthly fee: enter an amount such as 1,000.00.']);
    const huge = api.contractFormSchema().safeParse({ ...base, monthlyFee: '$5,000,000' });
    expect(huge.error?.issues.map((i) => i.message)).toEqual(['Monthly fee: at most $1,000,000.00.']);
  });
});
