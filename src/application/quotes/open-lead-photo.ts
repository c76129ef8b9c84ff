import type { AuthState } from '../../domain/auth/permissions.ts';
import type { QuoteRequestRepository } from '../../domain/quotes/quote-request-repository.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { DownloadResult, FileStorage } from '../../domain/storage/file-storage.ts';
import { requireAccess } from '../shared/require-access.ts';

/** One of the photos a visitor attached to their quote request. */
export async function openLeadPhoto(
  deps: { leads: QuoteRequestRepository; files: FileStorage },
  auth: AuthState,
  input: { id: string; index: number },
): Promise<DownloadResult> {
  requireAccess(auth, 'viewClients');
  const lead = await deps.leads.get(input.id);
  const photo = lead?.photos[input.index];
  if (!photo) throw new DomainError('not-found', 'No such photo.');
  return deps.files.download(photo.path);
}
