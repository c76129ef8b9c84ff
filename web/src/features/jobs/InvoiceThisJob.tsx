import { useNavigate } from '@tanstack/react-router';
import { Receipt } from 'lucide-react';
import type { JobDto } from '#contracts/jobs.ts';
import { useCan } from '../auth/session.ts';
import { useCreateInvoice } from '#lib/queries/invoices.ts';
import { Button } from '#ui/Button.tsx';
import { recordHref } from '#contracts/record-href.ts';

/**
 * On a completed job, for whoever may edit invoices: a draft invoice for the job's client and
 * site with the materials used as lines (list prices), then the invoice manager opens on it to
 * add labour and send it.
 */
export function InvoiceThisJob(props: { job: JobDto }) {
  const canInvoice = useCan('editInvoices');
  const create = useCreateInvoice();
  const navigate = useNavigate();
  const { job } = props;
  if (job.status !== 'completed' || !canInvoice) return null;
  const start = () =>
    create.mutate(
      { clientId: job.clientId, siteId: job.siteId, jobId: job.id, terms: 'net30', lines: [] },
      { onSuccess: (invoice) => void navigate({ href: recordHref('invoice', invoice.id) }) },
    );
  return (
    <section aria-label="Billing" className="mt-4 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800">
      <Button variant="secondary" disabled={create.isPending} onClick={start}>
        <Receipt aria-hidden className="h-4 w-4" /> Create invoice from this job
      </Button>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">A draft with the materials used at their list prices; add labour and send it from the invoice manager.</p>
      {create.isError && (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-400">
          {create.error.message}
        </p>
      )}
    </section>
  );
}
