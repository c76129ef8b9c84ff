import { describe, expect, it } from 'vitest';
import * as contract from '../../../src/contracts/proposals.ts';
import { checkContent, duplicateContent } from '../../../src/domain/proposals/proposal.ts';
import { DomainError } from '../../../src/domain/shared/domain-error.ts';
import { DEFAULT_MONEY } from '../../../src/domain/shared/money.ts';
import { anOption, aProposal, someContent, TODAY } from './factories.ts';

const CAL = { today: TODAY, money: DEFAULT_MONEY };

function failure(run: () => unknown): DomainError {
  try {
    run();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('did not throw');
}

describe('proposal dates and messages', () => {
  it.each([
    ['1999-11-20', 'Valid until: 11/20/1999 is more than 365 days ago; the earliest is 11/22/2025.'],
    ['0226-12-22', 'Valid until: the year 0226 looks mistyped; enter a date such as 11/22/2026.'],
    ['20266-12-22', 'Valid until: the year 20266 looks mistyped; enter a date such as 11/22/2026.'],
    ['2028-01-01', 'Valid until: 01/01/2028 is more than 365 days ahead; the latest is 11/22/2027.'],
  ])('valid-until %s is refused at its field, the same words on top', (validUntil, message) => {
    const e = failure(() => checkContent(someContent({ validUntil }), CAL));
    expect(e.fields?.['validUntil']).toEqual([message]);
    expect(e.message).toBe(message);
  });

  it('a repeated tier is the top message, not "Some fields need attention."', () => {
    const e = failure(() => checkContent(someContent({ options: [anOption(), anOption({ id: 'opt-2' })] }), CAL));
    expect(e.message).toBe('Each option needs its own tier (good, better, best).');
    expect(e.fields?.['options.1.tier']).toEqual([e.message]);
  });

  it('a discount above the subtotal names the subtotal in dollars', () => {
    const e = failure(() => checkContent(someContent({ options: [anOption({ discountCents: 100_000 })] }), CAL));
    expect(e.fields?.['options.0.discountCents']).toEqual(["Discount: between $0.00 and the option's subtotal, $170.00."]);
  });

  it('a duplicate is valid from today for as many days as the original was', () => {
    const p = { ...aProposal({ validUntil: '2026-12-22' }), createdAt: '2026-11-22T10:00:00.000Z' };
    expect(duplicateContent(p, '2027-02-01').validUntil).toBe('2027-03-03');
  });

  it('the editor accepts amounts as people type them and says a too-large price’s limit in dollars', () => {
    const form = contract.toProposalForm(null, { validUntil: '2026-12-31', optionId: 'opt-a' });
    const withPrice = (unitPrice: string, discount = '0') => ({
      ...form,
      clientId: 'c',
      siteId: 's',
      options: [{ ...form.options[0]!, name: 'Basic', discount, lines: [{ ...contract.emptyLine(), description: 'Labour', unitPrice }] }],
    });
    for (const typed of ['400', '$400', '1,000.00', '$1,000.00']) expect(contract.proposalFormSchema.safeParse(withPrice(typed, '$10')).success, typed).toBe(true);
    expect(contract.toProposalRequest(withPrice('$1,000.00', '$10')).options[0]).toMatchObject({ discountCents: 1_000, lines: [{ unitPriceCents: 100_000 }] });
    const messages = (typed: string) => contract.proposalFormSchema.safeParse(withPrice(typed)).error?.issues.map((i) => i.message);
    expect(messages('$1,000.00x')).toEqual(['Unit price: enter an amount such as 1,000.00.']);
    expect(messages('$20,000,000')).toEqual(['Unit price: at most $10,000,000.00.']);
  });
});
