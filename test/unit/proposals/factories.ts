import { newProposal, type Proposal, type ProposalContent, type ProposalLine, type ProposalOption } from '../../../src/domain/proposals/proposal.ts';

export const NOW = new Date('2026-11-22T10:00:00Z');
export const TODAY = '2026-11-22';

export const aLine = (over: Partial<ProposalLine> = {}): ProposalLine => ({
  kind: 'labour',
  description: 'Installation labour',
  quantity: 2,
  unitPriceCents: 8500,
  taxRateBp: 825,
  itemId: null,
  ...over,
});

export const anOption = (over: Partial<ProposalOption> = {}): ProposalOption => ({
  id: 'opt-good',
  tier: 'good',
  name: 'Basic alarm',
  description: '',
  discountCents: 0,
  lines: [aLine()],
  ...over,
});

export const someContent = (over: Partial<ProposalContent> = {}): ProposalContent => ({
  clientId: 'client-1',
  siteId: 'site-1',
  title: 'Alarm upgrade',
  options: [anOption(), anOption({ id: 'opt-better', tier: 'better', name: 'Alarm + cameras', lines: [aLine({ quantity: 4 })] })],
  depositPercent: 30,
  validUntil: '2026-12-22',
  terms: 'Payment on completion.',
  cameraPlanId: null,
  ...over,
});

export const aProposal = (over: Partial<ProposalContent> = {}): Proposal =>
  newProposal(someContent(over), { id: 'p-1', number: 'PRO-2026-0001', publicToken: 'x'.repeat(32), clientName: 'Ada Lovelace' }, NOW);
