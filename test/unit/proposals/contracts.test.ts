import { describe, expect, it } from 'vitest';
import * as contract from '../../../src/contracts/proposals.ts';
import { LINE_KINDS, OPTION_TIERS, PROPOSAL_STATUSES } from '../../../src/domain/proposals/proposal.ts';
import { PROPOSAL_SORTS } from '../../../src/domain/proposals/proposal-repository.ts';

describe('proposal contracts', () => {
  it('repeat the domain lists exactly', () => {
    expect(contract.PROPOSAL_STATUSES).toEqual(PROPOSAL_STATUSES);
    expect(contract.OPTION_TIERS).toEqual(OPTION_TIERS);
    expect(contract.LINE_KINDS).toEqual(LINE_KINDS);
    expect(contract.PROPOSAL_SORTS).toEqual(PROPOSAL_SORTS);
  });

  it('turns the editor form (dollars, percent) into the request (cents, basis points) and back', () => {
    const form = contract.toProposalForm(null, { validUntil: '2026-12-31', optionId: 'opt-a' });
    form.clientId = 'c1';
    form.siteId = 's1';
    form.options[0] = { ...form.options[0]!, name: 'Basic', discount: '10.5', lines: [{ kind: 'item', description: 'Sensor', quantity: '1.5', unitPrice: '129.99', taxRate: '8.25', itemId: 'item-1' }] };
    expect(contract.proposalFormSchema.safeParse(form).success).toBe(true);
    const req = contract.toProposalRequest(form);
    expect(req.options[0]).toMatchObject({ discountCents: 1050, lines: [{ quantity: 1.5, unitPriceCents: 12999, taxRateBp: 825, itemId: 'item-1' }] });
    expect(contract.proposalRequestSchema.safeParse(req).success).toBe(true);
  });

  it('takes percentages as people type them: deposit "30%", tax "8.25 %"', () => {
    const form = contract.toProposalForm(null, { validUntil: '2026-12-31', optionId: 'opt-a' });
    form.clientId = 'c1';
    form.siteId = 's1';
    form.depositPercent = '30%';
    form.options[0] = { ...form.options[0]!, name: 'Basic', lines: [{ kind: 'item', description: 'Sensor', quantity: '1', unitPrice: '$129.99', taxRate: '8.25 %', itemId: '' }] };
    expect(contract.proposalFormSchema.safeParse(form).success).toBe(true);
    const req = contract.toProposalRequest(form);
    expect(req.depositPercent).toBe(30);
    expect(req.options[0]!.lines[0]).toMatchObject({ unitPriceCents: 12999, taxRateBp: 825 });
    const bad = contract.proposalFormSchema.safeParse({ ...form, depositPercent: '30.5%' });
    expect(bad.error?.issues.map((i) => i.message)).toContain('Deposit: a whole percent from 0 to 100, such as 30.');
  });

  it('refuses a form line with a bad price or no quantity', () => {
    const form = contract.toProposalForm(null, { validUntil: '2026-12-31', optionId: 'opt-a' });
    form.options[0]!.lines[0] = { ...contract.emptyLine(), description: 'x', unitPrice: '12.345', quantity: '0' };
    const r = contract.proposalFormSchema.safeParse({ ...form, clientId: 'c', siteId: 's' });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['options.0.lines.0.unitPrice', 'options.0.lines.0.quantity', 'options.0.name']));
  });
});
