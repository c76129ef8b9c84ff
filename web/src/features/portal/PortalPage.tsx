import { useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#lib/api.ts';
import { PageLoader } from '#ui/PageLoader.tsx';
import { SESSION_KEY, sessionQuery } from '../auth/session.ts';
import { Hub } from './Hub.tsx';
import { LinkSignIn } from './LinkSignIn.tsx';
import { PortalSignIn } from './PortalSignIn.tsx';
import { PORTAL_KEY } from './queries.ts';

/** The token of an e-mailed link (/portal#token=…): in the fragment, so it never reaches a server log or a Referer. */
function takeLinkToken(): string | null {
  if (typeof window === 'undefined') return null;
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (token) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  return token;
}

/** /portal: sign-in for a visitor, the hub for a signed-in person, the e-mailed link's page. */
export function PortalPage(props: { googleButton: ReactNode; clientId: string | undefined; onPick: (clientId: string) => void }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(takeLinkToken);
  const [notice, setNotice] = useState<string | null>(null);
  const session = useQuery(sessionQuery);
  // A link opened in a tab already on /portal changes only the fragment.
  useEffect(() => {
    const onHash = () => {
      const next = takeLinkToken();
      if (next) setToken(next);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const signOut = async (message: string | null) => {
    await apiFetch<null>('/api/auth/logout', { method: 'POST' }).catch(() => null);
    queryClient.removeQueries({ queryKey: PORTAL_KEY });
    await queryClient.resetQueries({ queryKey: SESSION_KEY });
    setNotice(message);
  };
  if (token) return <LinkSignIn token={token} onDone={() => setToken(null)} />;
  if (session.isPending) return <PageLoader />;
  if (!session.data || session.data.state === 'signed-out') {
    return (
      <>
        {notice && (
          <p role="status" className="mx-auto mb-6 max-w-md rounded-md bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100">
            {notice}
          </p>
        )}
        <PortalSignIn googleButton={props.googleButton} />
      </>
    );
  }
  return <Hub clientId={props.clientId} onPick={props.onPick} onSignOut={() => void signOut(null)} onEmailChanged={(m) => void signOut(m)} />;
}
