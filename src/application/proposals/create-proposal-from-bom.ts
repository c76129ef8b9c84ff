import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ProposalLine } from '../../domain/proposals/proposal.ts';
import { requireAccess } from '../shared/require-access.ts';
import { today, type ProposalDeps } from './proposal-deps.ts';
import { insertProposal } from './save-proposal.ts';
import { toView, type ProposalView } from './proposal-views.ts';

export interface BomDraftInput {
  clientId: string;
  siteId: string;
  title: string;
  cameraPlanId: string | null;
  lines: ProposalLine[];
}

export const BOM_DRAFT_DEFAULTS = { validDays: 30, depositPercent: 30 };

/** Adds `days` to a YYYY-MM-DD date. */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The camera planner's hand-off: its bill of materials becomes a one-option draft the office
 * then prices, splits into good/better/best and sends.
 */
export async function createProposalFromBom(deps: ProposalDeps, auth: AuthState, input: BomDraftInput): Promise<ProposalView> {
  const actor = requireAccess(auth, 'editProposals');
  const p = await insertProposal(
    deps,
    actor,
    {
      clientId: input.clientId,
      siteId: input.siteId,
      title: input.title,
      cameraPlanId: input.cameraPlanId,
      options: [{ id: deps.ids.next(), tier: 'good', name: input.title || 'Camera system', description: '', discountCents: 0, lines: input.lines }],
      depositPercent: BOM_DRAFT_DEFAULTS.depositPercent,
      validUntil: addDays(today(deps), BOM_DRAFT_DEFAULTS.validDays),
      terms: '',
    },
    'create-from-bom',
  );
  return toView(deps, p);
}
