import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiFetch, ApiRequestError } from '#lib/api.ts';
import { Button } from '#ui/Button.tsx';
import { ErrorNote } from '#ui/FormError.tsx';
import { SESSION_KEY } from '../auth/session.ts';
import { EmailLinkForm } from './EmailLinkForm.tsx';

/**
 * Opening an e-mailed link. It signs in on a click, not on load: mail scanners that open links
 * ahead of the reader would otherwise use up the one-time link.
 */
export function LinkSignIn({ token, onDone }: { token: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const signIn = async () => {
    setBusy(true);
    try {
      await apiFetch('/api/portal/sign-in', { method: 'POST', json: { token } });
      await queryClient.resetQueries({ queryKey: SESSION_KEY });
      onDone();
    } catch (err) {
      setRefused(err instanceof ApiRequestError && err.status !== 0 && err.status < 500 ? err.message : 'Could not sign you in. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="link-sign-in" className="mx-auto max-w-md">
      <h1 id="link-sign-in" className="text-3xl font-bold text-slate-900 dark:text-white">
        Sign in to your account
      </h1>
      {refused === null ? (
        <>
          <p className="mt-2 text-slate-700 dark:text-slate-300">You opened the sign-in link we e-mailed you.</p>
          <Button size="lg" className="mt-6 w-full" disabled={busy} onClick={() => void signIn()}>
            {busy ? 'Signing in…' : 'Sign in'}
          </Button>
        </>
      ) : (
        <>
          <ErrorNote className="mt-4">{refused}</ErrorNote>
          <div className="mt-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800">
            <h2 className="mb-3 font-semibold text-slate-900 dark:text-white">Get a new link</h2>
            <EmailLinkForm label="E-mail me a new link" />
          </div>
        </>
      )}
    </section>
  );
}
