import { useQuery } from '@tanstack/react-query';
import type { DocumentViewer } from '#contracts/portal.ts';
import { ApiRequestError, apiFetch } from '../api.ts';

/**
 * On a public proposal or invoice page (/p/, /i/): the signed-in customer of that document's
 * client (their client id, contact name and e-mail), or null for anyone else. Asked only when
 * someone is signed in; a refusal (404, 403, 401) is simply "not a customer of this client".
 */
export function useDocumentViewer(kind: 'proposal' | 'invoice', token: string, signedIn: boolean): DocumentViewer | null {
  const q = useQuery({
    queryKey: ['portal', 'viewer', kind, token],
    queryFn: () =>
      apiFetch<DocumentViewer>(`/api/portal/viewer/${kind}/${encodeURIComponent(token)}`).catch((e: unknown) => {
        if (e instanceof ApiRequestError && [401, 403, 404].includes(e.status)) return null;
        throw e;
      }),
    enabled: signedIn,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return signedIn ? (q.data ?? null) : null;
}
