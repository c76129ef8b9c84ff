import { describe, expect, it } from 'vitest';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { ApiRequestError } from '#lib/api.ts';

const apiError = (fields: Record<string, string[]>) =>
  new ApiRequestError(400, { error: { code: 'validation', message: 'Some fields need attention.', fields } });

function recorder() {
  const set: Record<string, string> = {};
  return { set, setError: (name: string, e: { message?: string }) => void (set[name] = e.message ?? '') };
}

describe('showServerErrors', () => {
  it('puts known fields next to their inputs, the message at the top, and returns the first field', () => {
    const r = recorder();
    const first = showServerErrors(apiError({ email: ['Bad e-mail.', 'Too long.'], status: ['Unknown field.'], name: ['Required.'] }), r.setError as never, ['name', 'email']);
    expect(r.set).toEqual({ email: 'Bad e-mail. Too long.', name: 'Required.', root: 'Some fields need attention.' });
    expect(first).toBe('email');
  });

  it('maps server names onto form fields, and an inherited key like constructor maps to nothing', () => {
    const r = recorder();
    showServerErrors(apiError({ serials: ['Duplicate serial.'], constructor: ['x'] }), r.setError as never, { serials: 'serialsText' } as never);
    expect(r.set).toEqual({ serialsText: 'Duplicate serial.', root: 'Some fields need attention.' });
  });

  it('shows every field the server names when the form lists none', () => {
    const r = recorder();
    showServerErrors(apiError({ 'sites.0.label': ['Required.'] }), r.setError as never);
    expect(r.set).toEqual({ 'sites.0.label': 'Required.', root: 'Some fields need attention.' });
  });

  it('gives a generic message for anything that is not an API answer', () => {
    const r = recorder();
    expect(showServerErrors(new TypeError('boom'), r.setError as never, ['name'])).toBeNull();
    expect(r.set).toEqual({ root: 'Something went wrong. Please try again.' });
  });
});

describe('rootNotAtField', () => {
  it('leaves out the top message when a field already shows it, keeps it when no field does', () => {
    const message = 'Issue date: 11/20/1999 is more than 365 days ago; the earliest is 11/25/2025.';
    expect(rootNotAtField({ root: { message }, issueDate: { message } })).toBeUndefined();
    expect(rootNotAtField({ root: { message }, lines: [{ unitPrice: { message } }] })).toBeUndefined();
    const belowZero = { message: 'An invoice cannot total less than zero (these lines total -$600.00); issue a credit note instead.' };
    expect(rootNotAtField({ root: belowZero, issueDate: { message } })).toBe(belowZero);
  });
});
