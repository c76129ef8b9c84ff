import { agreeStatement } from '../../../src/domain/proposals/agree-statement.ts';
import { describe, expect, it } from 'vitest';
import {
  accept,
  checkContent,
  decline,
  effectiveStatus,
  formatProposalNumber,
  markConverted,
  markSent,
  markViewed,
  proposalSearchTerms,
  updateDraft,
  type Proposal,
  type ProposalStatus,
} from '../../../src/domain/proposals/proposal.ts';
import { presentProposal, proposalMail } from '../../../src/domain/proposals/proposal-presentation.ts';
import { DomainError } from '../../../src/domain/shared/domain-error.ts';
import { aLine, anOption, aProposal, NOW, someContent, TODAY } from './factories.ts';

const later = new Date(NOW.getTime() + 60_000);
/** The rest of a signed acceptance (the use case fills these in; the rules only carry them). */
const SIGNED_BY = { agreed: true, email: null, userAgent: null, signaturePath: null, documentSha256: null };
const sent = (): Proposal => markSent(aProposal(), NOW, TODAY);
const accepted = (): Proposal => accept(sent(), { optionId: 'opt-better', name: 'Ada Lovelace', ip: '203.0.113.9', ...SIGNED_BY }, later, TODAY);
const conversion = { jobId: 'j1', jobNumber: 'JOB-0001', invoiceId: 'i1', invoiceNumber: 'INV-2026-0001', at: later.toISOString() };

const codeOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof DomainError ? e.code : 'other';
  }
};

describe('proposal numbers and content', () => {
  it('formats PRO-YYYY-NNNN', () => {
    expect(formatProposalNumber(2026, 7)).toBe('PRO-2026-0007');
    expect(formatProposalNumber(2027, 12345)).toBe('PRO-2027-12345');
  });

  it.each([
    ['no options', someContent({ options: [] }), 'options'],
    ['four options', someContent({ options: [anOption(), anOption({ id: 'b', tier: 'better' }), anOption({ id: 'c', tier: 'best' }), anOption({ id: 'd', tier: 'best' })] }), 'options'],
    ['two options of one tier', someContent({ options: [anOption(), anOption({ id: 'b' })] }), 'options.1.tier'],
    ['an item line without an item', someContent({ options: [anOption({ lines: [aLine({ kind: 'item', itemId: null })] })] }), 'options.0.lines.0.itemId'],
    ['a discount above the subtotal', someContent({ options: [anOption({ discountCents: 1_000_000 })] }), 'options.0.discountCents'],
    ['a deposit of 120 %', someContent({ depositPercent: 120 }), 'depositPercent'],
    ['quantity with three decimals', someContent({ options: [anOption({ lines: [aLine({ quantity: 1.005 })] })] }), 'options.0.lines.0.quantity'],
  ])('refuses %s', (_label, content, field) => {
    try {
      checkContent(content);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect(Object.keys((e as DomainError).fields ?? {})).toContain(field);
    }
  });

  it('finds by number, title and client name prefixes', () => {
    const terms = proposalSearchTerms({ number: 'PRO-2026-0042', title: 'Alarm upgrade', clientName: 'Ada Lovelace' });
    for (const t of ['pro-2026-0042', '0042', 'al', 'upg', 'lovel']) expect(terms).toContain(t);
  });
});

describe('proposal status path', () => {
  it('goes draft → sent → viewed → accepted → converted', () => {
    const s = sent();
    expect(s.status).toBe('sent');
    const v = markViewed(s, later);
    expect(v).toMatchObject({ first: true, proposal: { status: 'viewed', viewedAt: later.toISOString() } });
    expect(markViewed(v.proposal, later).first).toBe(false);
    const a = accept(v.proposal, { optionId: 'opt-better', name: '  Ada   Lovelace ', ip: '203.0.113.9', ...SIGNED_BY }, later, TODAY);
    expect(a.acceptance).toMatchObject({ optionId: 'opt-better', name: 'Ada Lovelace', at: later.toISOString(), ip: '203.0.113.9' });
    expect(markConverted(a, conversion, TODAY)).toMatchObject({ status: 'converted', conversion });
  });

  it.each<[string, () => Proposal, (p: Proposal) => unknown]>([
    ['accept a draft', aProposal, (p) => accept(p, { optionId: 'opt-good', name: 'Ada', ip: '1', ...SIGNED_BY }, later, TODAY)],
    ['convert a sent proposal', sent, (p) => markConverted(p, conversion, TODAY)],
    ['convert twice', accepted, (p) => markConverted(markConverted(p, conversion, TODAY), conversion, TODAY)],
    ['decline an accepted one', accepted, (p) => decline(p, { reason: '', ip: '1', ...SIGNED_BY }, later, TODAY)],
    ['accept a declined one', () => decline(sent(), { reason: 'too dear', ip: '1', ...SIGNED_BY }, later, TODAY), (p) => accept(p, { optionId: 'opt-good', name: 'Ada', ip: '1', ...SIGNED_BY }, later, TODAY)],
    ['edit a sent proposal', sent, (p) => updateDraft(p, someContent(), later)],
  ])('refuses to %s', (_label, make, act) => {
    const p = make();
    expect(codeOf(() => act(p))).toBe('conflict');
  });

  it('reads a sent proposal past valid-until as expired and refuses to accept it', () => {
    const p = sent();
    expect(effectiveStatus(p, '2026-12-22')).toBe('sent');
    expect(effectiveStatus(p, '2026-12-23')).toBe('expired');
    expect(() => accept(p, { optionId: 'opt-good', name: 'Ada Lovelace', ip: '1', ...SIGNED_BY }, later, '2026-12-23')).toThrow(/expired on 2026-12-22/);
  });

  it('refuses an unknown option or a name too short', () => {
    expect(codeOf(() => accept(sent(), { optionId: 'nope', name: 'Ada Lovelace', ip: '1', ...SIGNED_BY }, later, TODAY))).toBe('validation');
    expect(codeOf(() => accept(sent(), { optionId: 'opt-good', name: ' A ', ip: '1', ...SIGNED_BY }, later, TODAY))).toBe('validation');
  });

  it('does not expire accepted, declined or converted ones', () => {
    for (const status of ['accepted', 'declined', 'converted', 'draft'] satisfies ProposalStatus[]) expect(effectiveStatus({ status, validUntil: '2000-01-01' }, TODAY)).toBe(status);
  });
});

describe('what the client sees', () => {
  it('gives every option its totals, and the mail names them with the link', () => {
    const view = presentProposal(sent(), { company: { name: 'Acme Security', email: 'office@example.com', phone: '555' }, siteAddress: '1 Main St', today: TODAY });
    expect(view.options.map((o) => o.totalCents)).toEqual([18403, 36805]);
    expect(view.canRespond).toBe(true);
    const mail = proposalMail(view, 'https://example.com/p/abc', { currency: 'USD', locale: 'en-US' });
    expect(mail.subject).toContain('PRO-2026-0001');
    expect(mail.text).toContain('https://example.com/p/abc');
    expect(mail.text).toContain('Alarm + cameras: $368.05 (deposit $110.42)');
  });
});

describe('signed acceptance rules', () => {
  it('refuses a second acceptance with when the first happened, and an acceptance without "I agree"', () => {
    const first = accepted();
    expect(() => accept(first, { optionId: 'opt-good', name: 'Ada Lovelace', ip: '1', ...SIGNED_BY }, later, TODAY, () => 'Nov 26, 2026, 10:15 AM')).toThrow('This proposal was already accepted on Nov 26, 2026, 10:15 AM.');
    const refusal = (() => {
      try {
        accept(sent(), { optionId: 'opt-good', name: 'Ada Lovelace', ip: '1', ...SIGNED_BY, agreed: false }, later, TODAY);
      } catch (e) {
        return e as DomainError;
      }
      return null;
    })();
    expect(refusal?.message).toBe('Tick “I agree to this proposal and its terms” to accept.');
    expect(refusal?.fields).toEqual({ agreed: ['Tick “I agree to this proposal and its terms” to accept.'] });
    // A proposal without terms asks for no agreement to any: the box, the refusal and the certificate say so.
    const noTerms = { ...sent(), terms: '  ' };
    expect(() => accept(noTerms, { optionId: 'opt-good', name: 'Ada Lovelace', ip: '1', ...SIGNED_BY, agreed: false }, later, TODAY)).toThrow('Tick “I agree to this proposal” to accept.');
    expect(agreeStatement(noTerms)).toBe('I agree to this proposal');
    expect(agreeStatement(sent())).toBe('I agree to this proposal and its terms');
  });
});
