import type { AuthState } from '../../domain/auth/permissions.ts';
import { documentClientName } from '../../domain/clients/client-names.ts';
import type { ContractRequestParsed } from '../../contracts/monitoring.ts';
import { checkStartDate, type MonitoringContract } from '../../domain/monitoring/monitoring-contract.ts';
import { dateKey } from '../../domain/shared/calendar-date.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { MonitoringDeps } from './monitoring-deps.ts';
import { requireAccess } from '../shared/require-access.ts';
import { recordContractAudit } from './contract-audit.ts';

export type ContractTerms = ContractRequestParsed;

/**
 * Client and site must exist; central station and account number default to the site's alarm
 * account. The start date must be plausible (domain rule, today in the company's zone) unless it
 * is the contract's unchanged start date, which stays valid as the contract ages.
 */
export async function resolveParties(deps: Pick<MonitoringDeps, 'directory' | 'clock' | 'timeZone' | 'locale'>, input: ContractTerms, keptStartDate: string | null = null) {
  if (input.startDate !== keptStartDate) checkStartDate(input.startDate, dateKey(deps.clock.now(), deps.timeZone), deps.locale);
  const found = await deps.directory.getSite(input.clientId, input.siteId);
  if (!found) {
    const client = await deps.directory.getClient(input.clientId);
    const fields: Record<string, string[]> = client ? { siteId: ['Pick a site of this client.'] } : { clientId: ['Pick an existing client.'] };
    throw new DomainError('validation', client ? 'That site does not belong to the client.' : 'No such client.', fields);
  }
  return {
    clientId: input.clientId,
    siteId: input.siteId,
    clientName: documentClientName(found.client),
    siteLabel: found.site.label,
    plan: input.plan,
    monthlyFeeCents: input.monthlyFeeCents,
    taxRateBp: input.taxRateBp,
    billingCycle: input.billingCycle,
    centralStation: input.centralStation || found.site.centralStation,
    accountNumber: input.accountNumber || found.site.accountNumber,
    startDate: input.startDate,
    endDate: input.endDate,
  };
}

export async function createContract(deps: MonitoringDeps, auth: AuthState, input: ContractTerms): Promise<MonitoringContract> {
  const actor = requireAccess(auth, 'editClients');
  const terms = await resolveParties(deps, input);
  const contract = await deps.contracts.create({
    ...terms,
    status: 'pending',
    cancelReason: null,
    activatedAt: null,
    cancelledAt: null,
    nextBillingDate: terms.startDate,
  });
  await recordContractAudit(deps.audit, actor, deps.clock.now(), null, contract, 'created');
  return contract;
}
