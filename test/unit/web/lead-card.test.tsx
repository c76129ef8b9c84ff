import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { LeadCard } from '../../../web/src/features/leads/LeadCard.tsx';
import { renderApp } from './support/render-app.tsx';
import { aSession } from './support/session-factory.ts';
import { aLead } from './support/lead-factory.ts';

afterEach(cleanup);

describe('LeadCard (leads screen)', () => {
  it('says status, services, property and the preferred visit in words and the local date format, never slugs or ISO dates', async () => {
    renderApp(() => <LeadCard lead={aLead()} />, { session: aSession('admin') });
    const card = await screen.findByRole('listitem', { name: /Lead from Bartholomew/ });
    expect(within(card).getByTestId('lead-status').textContent).toBe('New');
    expect(card.textContent).toContain('Services:Alarm system, Security cameras');
    expect(card.textContent).toContain('Property:Residential, existing building');
    expect(card.textContent).toContain('Preferred visit:Dec 4, 2026 (morning)');
    expect(card.textContent).not.toContain('2026-12-04');
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual(['Contacted', 'Lost', 'Spam', 'Convert to client…']);
  });

  it('a converted lead reads "Converted"; a commercial new build says so', async () => {
    renderApp(() => <LeadCard lead={aLead({ status: 'converted', propertyType: 'commercial', construction: 'new', preferredDate: null, preferredWindow: null, nextStatuses: [] })} />, { session: aSession('admin') });
    const card = await screen.findByRole('listitem', { name: /Lead from Bartholomew/ });
    expect(within(card).getByTestId('lead-status').textContent).toBe('Converted');
    expect(card.textContent).toContain('Property:Commercial, new build');
    expect(card.textContent).toContain('Preferred visit:No preference');
  });
});
