import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useForm, type Control, type UseFormRegister } from 'react-hook-form';
import { LinesEditor, blankLine, type WithLines } from '../../../web/src/features/invoices/LinesEditor.tsx';
import { QuoteForm } from '../../../web/src/features/quote/QuoteForm.tsx';
import { renderApp } from './support/render-app.tsx';

afterEach(cleanup);

const typeInto = async (label: string | RegExp, value: string) => fireEvent.change(await screen.findByLabelText(label), { target: { value } });
/** The live totals as a person reads them: "Subtotal $300.00 | Tax 6.25 % on $300.00 $18.75 | Total $318.75". */
const totals = () =>
  Array.from(within(screen.getByTestId('live-totals')).getAllByRole('term'), (dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent ?? ''}`.replace(/\s+/g, ' ')).join(' | ');

function Lines({ sign, taxRate }: { sign?: 1 | -1; taxRate: string }) {
  const form = useForm<WithLines>({ defaultValues: { lines: [{ ...blankLine(taxRate), description: 'Labour' }] } });
  return <LinesEditor control={form.control as Control<WithLines>} register={form.register as UseFormRegister<WithLines>} errors={form.formState.errors} idPrefix="t" {...(sign ? { sign } : {})} />;
}

describe('the invoice lines editor while a cell is wrong', () => {
  it('keeps the totals from the valid cells: a bad tax rate counts as its last valid rate, and its message shows at the cell', async () => {
    renderApp(() => <Lines taxRate="6.25" />);
    await typeInto('Line 1 quantity', '3');
    await typeInto('Line 1 unit price', '$100.00');
    await waitFor(() => expect(totals()).toBe('Subtotal $300.00 | Tax 6.25 % on $300.00 $18.75 | Total $318.75'));
    await typeInto('Line 1 tax rate', '6.2x');
    // It used to read $0.00 everywhere: the line and the totals dropped the whole line.
    await waitFor(() => expect(totals()).toBe('Subtotal $300.00 | Tax 6.25 % on $300.00 $18.75 | Total $318.75'));
    expect(screen.getByRole('row', { name: /Labour/ }).textContent).toContain('$300.00');
    expect(screen.getByText('Tax: a percentage from 0 to 100, such as 8.25.')).toBeTruthy();
    await typeInto('Line 1 tax rate', '8.25');
    await waitFor(() => expect(totals()).toBe('Subtotal $300.00 | Tax 8.25 % on $300.00 $24.75 | Total $324.75'));
    expect(screen.queryByText('Tax: a percentage from 0 to 100, such as 8.25.')).toBeNull();
  });

  it('a price never valid counts as 0 for the price alone: the tax row keeps the line\'s rate (no "Tax 0 %")', async () => {
    renderApp(() => <Lines taxRate="6.25" sign={-1} />);
    await typeInto('Line 1 quantity', '2');
    await typeInto('Line 1 unit price', 'abc');
    await waitFor(() => expect(totals()).toBe('Subtotal $0.00 | Tax 6.25 % on $0.00 $0.00 | Total $0.00'));
    await typeInto('Line 1 unit price', '40');
    await waitFor(() => expect(totals()).toBe('Subtotal -$80.00 | Tax 6.25 % on -$80.00 -$5.00 | Total -$85.00'));
  });
});

describe('the public quote form', () => {
  it('says what is wrong with the ZIP code and the address before the service area is asked', async () => {
    renderApp(() => <QuoteForm />);
    await typeInto(/^Property address/, '1');
    await typeInto(/^ZIP code/, 'abc');
    fireEvent.click(await screen.findByRole('button', { name: 'Request my free quote' }));
    expect(await screen.findByText('ZIP code: enter a 5-digit ZIP code, e.g. 62704.')).toBeTruthy();
    expect(screen.getByText('Address: enter the street and number, e.g. 12 Oak St.')).toBeTruthy();
    expect(screen.queryByText(/outside our service area/)).toBeNull();
    expect(screen.queryByText('Please enter the property address.')).toBeNull();
  });
});
