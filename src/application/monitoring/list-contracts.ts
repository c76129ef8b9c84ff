import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ContractListQuery, ContractPage } from '../../domain/monitoring/contract-repository.ts';
import { KEYWORD_WORDS } from '../../domain/inventory/inventory-item.ts';
import { searchWords } from '../../domain/shared/search.ts';
import type { MonitoringDeps } from './monitoring-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

export async function listContracts(deps: Pick<MonitoringDeps, 'contracts'>, auth: AuthState, input: Omit<ContractListQuery, 'words'> & { search: string }): Promise<ContractPage> {
  requireAccess(auth, 'viewClients');
  const { search, ...rest } = input;
  // Up to five words: each is one array-contains filter on the keywords.
  const words = [...new Set(searchWords(search, KEYWORD_WORDS))].slice(0, 5);
  return deps.contracts.list({ ...rest, words });
}
