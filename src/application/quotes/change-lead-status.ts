import type { AuthState } from '../../domain/auth/permissions.ts';
import type { QuoteRequestRepository } from '../../domain/quotes/quote-request-repository.ts';
import { changeLeadStatus as change, type LeadStatus, type QuoteRequest } from '../../domain/quotes/quote-request.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { requireAccess } from '../shared/require-access.ts';

/** Staff move a lead along new → contacted → proposal-sent → won | lost | spam. */
export async function changeLeadStatus(
  deps: { leads: QuoteRequestRepository; clock: Clock },
  auth: AuthState,
  input: { id: string; status: LeadStatus },
): Promise<QuoteRequest> {
  requireAccess(auth, 'editClients');
  const lead = await deps.leads.get(input.id);
  if (!lead) throw new DomainError('not-found', 'No such quote request.');
  return deps.leads.save(change(lead, input.status, deps.clock.now()));
}
