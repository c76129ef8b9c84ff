import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { History } from '../../../web/src/ui/History.tsx';
import { INVOICE_ACTIONS } from '../../../web/src/features/invoices/invoice-actions.ts';
import type { AuditEntryDto } from '../../../src/contracts/audit.ts';

const entry = (action: string, i: number): AuditEntryDto => ({
  id: `a-${i}`,
  entity: 'invoice',
  entityId: 'inv-1',
  action,
  actorId: 'provider',
  actorName: 'Stripe',
  at: `2026-11-2${i}T15:00:00.000Z`,
  changes: [],
});

/** What the invoice screen's history says of the card-payment entries the payments use cases write. */
describe('invoice history words', () => {
  it('names refunds, refund requests and card payments not applied in words, not slugs', () => {
    const actions = ['payment', 'payment-failed', 'payment-not-applied', 'refund', 'refund-requested', 'auto-pay-attempt'];
    render(<History entries={actions.map(entry)} timeZone="America/Chicago" actionLabel={(a) => INVOICE_ACTIONS[a]} />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(items).toHaveLength(actions.length);
    for (const [i, a] of actions.entries()) {
      expect(INVOICE_ACTIONS[a], a).toBeTruthy();
      expect(items[i]).toContain(`${INVOICE_ACTIONS[a]} by Stripe`);
    }
    expect(items.join('\n')).not.toMatch(/Refund requested by|Payment not applied by|Refund by/);
  });
});
