import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
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
});
