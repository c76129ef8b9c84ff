import { useQuery } from '@tanstack/react-query';
import type { AuditListDto } from '#contracts/audit.ts';
import { apiFetch } from '#lib/api.ts';
import { History } from '#ui/History.tsx';
import { formatCents, formatRate } from '#ui/money.ts';
import { MONITORING_KEY } from './queries.ts';

const FIELDS: Readonly<Record<string, string>> = { monthlyFeeCents: 'Monthly fee', taxRateBp: 'Tax rate', billingCycle: 'Billing cycle', cancelReason: 'Cancellation reason', nextBillingDate: 'Billing from' };

/** The contract's audit trail (fee, tax, cycle, status changes): names, money and local dates, never ids. */
export function ContractHistory(props: { id: string }) {
  const q = useQuery({
    queryKey: [...MONITORING_KEY, 'contract', props.id, 'history'],
    queryFn: () => apiFetch<AuditListDto>(`/api/monitoring/contracts/${encodeURIComponent(props.id)}/history`),
  });
  return (
    <>
      <h3 className="mt-6 mb-2 font-semibold">History</h3>
      <History
        entries={q.data?.entries}
        label="Contract history"
        loading={q.isPending}
        error={q.error?.message ?? null}
        fieldLabel={(f) => FIELDS[f]}
        valueLabel={(f, v) =>
          typeof v === 'number' && f === 'monthlyFeeCents'
            ? formatCents(v)
            : typeof v === 'number' && f === 'taxRateBp'
              ? formatRate(v)
              : undefined // billing cycle and status: the shared audit vocabulary
        }
        showChanges={(e) => e.action !== 'created'}
      />
    </>
  );
}
