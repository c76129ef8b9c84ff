import { useQuery } from '@tanstack/react-query';
import { Section } from '#ui/Section.tsx';
import { ErrorNote } from '#ui/FormError.tsx';
import { authStateOf, sessionQuery } from '../auth/session.ts';
import { customerMessagesQuery, useSetCustomerMessages } from './queries.ts';

/** The client page's switch: appointment, job, payment and review messages to this customer on or off. */
export function CustomerMessagesSwitch({ clientId }: { clientId: string }) {
  const { data: session } = useQuery(sessionQuery);
  const canEdit = session?.permissions['editClients'] === true && authStateOf(session).kind !== 'signed-out';
  const q = useQuery(customerMessagesQuery(clientId));
  const set = useSetCustomerMessages(clientId);
  if (q.isPending || q.isError) return null;
  const on = !q.data.optedOut;
  return (
    <Section title="Customer messages">
      <label className="flex items-start gap-3 text-slate-800 dark:text-slate-200">
        <input type="checkbox" className="mt-1 h-5 w-5" checked={on} disabled={!canEdit || set.isPending} onChange={(e) => set.mutate(!e.target.checked)} />
        <span>
          Send this customer appointment confirmations and reminders, &quot;on my way&quot;, job completion, review requests and payment receipts
          <span className="block text-sm text-slate-600 dark:text-slate-400">
            {on ? 'On. Each message has an unsubscribe link; if the customer uses it, this turns off.' : 'Off: the customer asked not to receive these (or staff turned them off). Invoices and proposals you send still go out.'}
          </span>
        </span>
      </label>
      {set.isError && <ErrorNote className="mt-2">{set.error.message}</ErrorNote>}
    </Section>
  );
}
