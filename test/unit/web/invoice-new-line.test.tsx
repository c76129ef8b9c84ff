import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { blankLine, LinesEditor, type WithLines } from '../../../web/src/features/invoices/LinesEditor.tsx';

function Editor(props: { newLineTaxRate?: string }) {
  const form = useForm<WithLines>({ defaultValues: { lines: [blankLine()] } });
  return <LinesEditor control={form.control} register={form.register} errors={form.formState.errors} idPrefix="t" {...props} />;
}

describe('the invoice lines editor', () => {
  afterEach(cleanup);

  it("a new line starts at the default tax rate, not the previous line's", () => {
    render(<Editor />);
    fireEvent.change(screen.getByLabelText('Line 1 tax rate'), { target: { value: '6.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    expect((screen.getByLabelText('Line 1 tax rate') as HTMLInputElement).value).toBe('6.25');
    expect((screen.getByLabelText('Line 2 tax rate') as HTMLInputElement).value).toBe('0');
  });

  it('a form may give its own starting rate (a credit note: the original invoice rate)', () => {
    render(<Editor newLineTaxRate="8.25" />);
    fireEvent.change(screen.getByLabelText('Line 1 tax rate'), { target: { value: '6.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    expect((screen.getByLabelText('Line 2 tax rate') as HTMLInputElement).value).toBe('8.25');
  });
});
