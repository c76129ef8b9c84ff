import type { AuthState } from '../../domain/auth/permissions.ts';
import type { QuoteRequestRepository } from '../../domain/quotes/quote-request-repository.ts';
import type { QuoteRequest } from '../../domain/quotes/quote-request.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { requireAccess } from '../shared/require-access.ts';

/** One quote request, for staff who may see clients. */
export async function getLead(deps: { leads: QuoteRequestRepository }, auth: AuthState, id: string): Promise<QuoteRequest> {
  requireAccess(auth, 'viewClients');
  const lead = await deps.leads.get(id);
  if (!lead) throw new DomainError('not-found', 'No such quote request.');
  return lead;
}
