import type { QuoteRequestRepository } from '../../domain/quotes/quote-request-repository.ts';
import { changeLeadStatus as change, type LeadStatus, type QuoteRequest } from '../../domain/quotes/quote-request.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';

/** Staff move a lead along new → contacted → proposal-sent → won | lost | spam. */
export async function changeLeadStatus(deps: { leads: QuoteRequestRepository; clock: Clock }, id: string, status: LeadStatus): Promise<QuoteRequest> {
  const lead = await deps.leads.get(id);
  if (!lead) throw new DomainError('not-found', 'No such quote request.');
  return deps.leads.save(change(lead, status, deps.clock.now()));
}
