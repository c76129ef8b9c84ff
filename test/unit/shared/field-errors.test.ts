import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, topLevelField, validationError } from '../../../src/application/shared/field-errors.ts';

const schema = z.strictObject({
  name: z.string().min(2, 'Too short.'),
  contacts: z.array(z.strictObject({ email: z.email('Not an e-mail.') })),
});
const issues = (value: unknown) => schema.safeParse(value).error!.issues;

describe('fieldErrors: zod issues → { field: [messages] }', () => {
  it('names a field by its dotted path, an unknown key by its own name, and a whole-value issue `_`', () => {
    const fields = fieldErrors(issues({ name: 'A', contacts: [{ email: 'x', role: 'boss' }], isAdmin: true }));
    expect(fields).toEqual({ name: ['Too short.'], 'contacts.0.email': ['Not an e-mail.'], role: ['Unknown field.'], isAdmin: ['Unknown field.'] });
    expect(fieldErrors(z.string().safeParse(1).error!.issues)).toEqual({ _: [expect.any(String)] });
  });

  it('lets the caller name fields (top-level, per column) and keep unknown keys on the parent field', () => {
    expect(fieldErrors(issues({ name: 'Ann', contacts: [{ email: 'x' }, { email: 'y' }] }), { key: topLevelField })).toEqual({ contacts: ['Not an e-mail.'] });
    const onParent = fieldErrors(issues({ name: 'Ann', contacts: [], owner: 'me' }), { key: (p) => ['metadata', ...p.map(String)].join('.'), unknownKeys: 'on-parent' });
    expect(Object.keys(onParent)).toEqual(['metadata']);
  });

  it('never writes through __proto__ and answers a validation error', () => {
    const fields = fieldErrors([{ code: 'unrecognized_keys', path: [], message: 'x', keys: ['__proto__'] }]);
    expect(Object.keys(fields)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toEqual(['Unknown field.']);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    const err = validationError(issues({ name: 'A', contacts: [] }));
    expect(err).toMatchObject({ code: 'validation', message: 'Some fields need attention.', fields: { name: ['Too short.'] } });
  });
});
