import type { ReactNode } from 'react';
import { EmailLinkForm } from './EmailLinkForm.tsx';

/** The hub for a signed-out visitor: Google, or a one-time link by e-mail. */
export function PortalSignIn({ googleButton }: { googleButton: ReactNode }) {
  return (
    <section aria-labelledby="portal-sign-in" className="mx-auto max-w-md">
      <h1 id="portal-sign-in" className="text-3xl font-bold text-slate-900 dark:text-white">
        Your account
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">See your invoices, proposals, visits, monitoring and camera plans, ask for service and keep your details up to date.</p>
      <div className="mt-6 rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <h2 className="font-semibold text-slate-900 dark:text-white">Sign in with Google</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Use the Google account of the e-mail address we have on file for you.</p>
        <div className="mt-3">{googleButton}</div>
      </div>
      <div className="mt-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <h2 className="font-semibold text-slate-900 dark:text-white">No Google account?</h2>
        <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">We e-mail you a link that signs you in once, within 15 minutes.</p>
        <EmailLinkForm />
      </div>
    </section>
  );
}
