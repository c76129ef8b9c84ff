import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { CustomerInvoiceStatus } from '#ui/CustomerBadge.tsx';

describe("the customer's invoice status", () => {
  it('says what the customer owes, in one vocabulary: never the office word "Sent"', () => {
    const cases = [
      [{ kind: 'invoice', status: 'sent', overdue: false }, 'Due'],
      [{ kind: 'invoice', status: 'partial', overdue: false }, 'Partly paid'],
      [{ kind: 'invoice', status: 'sent', overdue: true }, 'Overdue'],
      [{ kind: 'invoice', status: 'paid', overdue: false }, 'Paid'],
      [{ kind: 'invoice', status: 'void', overdue: false }, 'Void'],
      [{ kind: 'credit-note', status: 'sent', overdue: false }, 'Credit note'],
    ] as const;
    for (const [invoice, label] of cases) {
      const { unmount } = render(<CustomerInvoiceStatus invoice={invoice} />);
      expect(screen.getByText(label)).toBeTruthy();
      unmount();
    }
  });

  it('the client hub and the invoice page both use it (one function, not two lists)', () => {
    for (const f of ['web/src/features/portal/Hub.tsx', 'web/src/features/invoices/PublicInvoice.tsx']) {
      const src = readFileSync(f, 'utf8');
      expect(src).toContain('<CustomerInvoiceStatus invoice=');
      expect(src).not.toMatch(/StatusChip|Part paid/);
    }
  });
});
