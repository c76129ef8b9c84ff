import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateInvoiceBody, InvoiceDto } from '#contracts/invoices.ts';
import { apiFetch } from '../api.ts';
import { TAX_REPORT_KEY } from './tax.ts';

export const INVOICES_KEY = ['invoices'] as const;

/** Every change invalidates the invoices prefix (lists, the invoice, the tax report). */
export function useInvoiceMutation<B>(run: (body: B) => Promise<InvoiceDto>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: INVOICES_KEY });
      await qc.invalidateQueries({ queryKey: TAX_REPORT_KEY });
    },
  });
}

export const useCreateInvoice = () => useInvoiceMutation((body: CreateInvoiceBody) => apiFetch<InvoiceDto>('/api/invoices', { method: 'POST', json: body }));
