import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_POLICY,
  addDays,
  daysBetween,
  decideReminder,
  lateFeeCents,
  reminderKey,
  renderTemplate,
  stepDate,
  unknownPlaceholders,
  validatePolicy,
  type ReminderCandidate,
  type ReminderPolicy,
  type ReminderStep,
  type TemplateValues,
} from '../../../src/domain/reminders/reminder-policy.ts';
import { DomainError } from '../../../src/domain/shared/domain-error.ts';

const anInvoice = (overrides: Partial<ReminderCandidate> = {}): ReminderCandidate => ({
  invoiceId: 'inv-1',
  status: 'sent',
  dueDate: '2026-11-20',
  // Sent well before its steps, so the grace period plays no part unless a test says so.
  firstSentDate: '2026-10-01',
  balanceCents: 50_000,
  paused: false,
  ...overrides,
});

const aStep = (id: string, offsetDays: number, overrides: Partial<ReminderStep> = {}): ReminderStep => ({
  id,
  offsetDays,
  template: { subject: `Step ${id} for {{number}}`, body: 'Hello {{client}}, {{balance}} is due.' },
  lateFee: null,
  ...overrides,
});

const policy = (steps: ReminderStep[], enabled = true, graceDays = 7): ReminderPolicy => ({ enabled, graceDays, steps });
const ids = (steps: ReminderStep[]) => steps.map((s) => s.id);
const none = new Set<string>();

const fieldsOf = (fn: () => unknown): Record<string, string[]> => {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e.fields ?? {};
    throw e;
  }
  throw new Error('expected a validation error');
};

describe('reminder steps due for an invoice', () => {
  const p = policy([aStep('a', -3), aStep('b', 1), aStep('c', 7), aStep('d', 14)]);

  it('nothing is due before the first step', () => {
    expect(decideReminder(p, anInvoice(), none, '2026-11-16')).toEqual({ send: null, skip: [] });
  });

  it('the step before the due date is sent on its day', () => {
    expect(decideReminder(p, anInvoice(), none, '2026-11-17').send?.id).toBe('a');
  });

  it('only the latest due step is sent; the missed ones are skipped, never sent late', () => {
    const d = decideReminder(p, anInvoice(), none, '2026-11-28');
    expect(d.send?.id).toBe('c');
    expect(ids(d.skip)).toEqual(['a', 'b']);
  });

  it('a step already handled is not sent again, and the next comes on its day', () => {
    expect(decideReminder(p, anInvoice(), new Set(['a', 'b', 'c']), '2026-11-28').send).toBeNull();
    expect(decideReminder(p, anInvoice(), new Set(['a', 'b', 'c']), '2026-12-04').send?.id).toBe('d');
  });

  it.each(['draft', 'paid', 'void'])('a %s invoice gets no reminder', (status) => {
    expect(decideReminder(p, anInvoice({ status }), none, '2026-12-30').send).toBeNull();
  });

  it('a partly paid invoice is still reminded; one with nothing left to pay is not', () => {
    expect(decideReminder(p, anInvoice({ status: 'partial', balanceCents: 1 }), none, '2026-11-21').send?.id).toBe('b');
    expect(decideReminder(p, anInvoice({ status: 'partial', balanceCents: 0 }), none, '2026-11-21').send).toBeNull();
  });

  it('paused invoices and a disabled policy send nothing', () => {
    expect(decideReminder(p, anInvoice({ paused: true }), none, '2026-11-21').send).toBeNull();
    expect(decideReminder(policy(p.steps, false), anInvoice(), none, '2026-11-21').send).toBeNull();
  });

  it('the idempotency key names the invoice and the step', () => {
    expect(reminderKey('inv-9', 'after-7')).toBe('reminder:inv-9:after-7');
    expect(reminderKey('inv-9', 'after-7')).not.toBe(reminderKey('inv-9', 'after-14'));
  });
});

describe('reminders count from when the client first received the invoice (grace period)', () => {
  const std = DEFAULT_REMINDER_POLICY;
  const sentToday = (over: Partial<ReminderCandidate>) => anInvoice({ firstSentDate: '2026-11-20', ...over });
  const on = (inv: ReminderCandidate, today: string, handled: ReadonlySet<string> = none) => decideReminder(std, inv, handled, today);

  it('a backdated invoice sent today gets no "final reminder… 40 days overdue" the same day, nor within the grace period', () => {
    const backdated = sentToday({ dueDate: '2026-10-11' });
    for (const day of ['2026-11-20', '2026-11-21', '2026-11-27']) expect(on(backdated, day)).toEqual({ send: null, skip: [] });
  });

  it('after the grace period the backdated invoice gets the gentle first step, then the usual cadence', () => {
    const backdated = sentToday({ dueDate: '2026-10-11' });
    const first = on(backdated, '2026-11-28');
    expect(first.send?.id).toBe('after-1');
    expect(ids(first.skip)).toEqual(['before-3']);
    expect(on(backdated, '2026-12-03', new Set(['before-3', 'after-1'])).send).toBeNull();
    expect(on(backdated, '2026-12-04', new Set(['before-3', 'after-1'])).send?.id).toBe('after-7');
    expect(on(backdated, '2026-12-27', new Set(['before-3', 'after-1', 'after-7', 'after-14'])).send?.id).toBe('after-30');
  });

  it('a Net-0 deposit invoice gets no "is due" reminder seconds after it was sent, and none before the grace period ends', () => {
    const deposit = sentToday({ dueDate: '2026-11-20' });
    for (const day of ['2026-11-20', '2026-11-24', '2026-11-27']) expect(on(deposit, day).send).toBeNull();
    expect(on(deposit, '2026-11-28').send?.id).toBe('after-1');
  });

  it('an invoice sent in good time keeps its schedule: the reminder before the due date still goes out', () => {
    const net30 = sentToday({ dueDate: '2026-12-20' });
    expect(on(net30, '2026-12-16').send).toBeNull();
    expect(on(net30, '2026-12-17').send?.id).toBe('before-3');
    expect(on(net30, '2026-12-21', new Set(['before-3'])).send?.id).toBe('after-1');
  });

  it('no late fee inside the grace period: the fee step moves with the schedule', () => {
    const fee = policy([aStep('fee', 1, { lateFee: { kind: 'flat', cents: 1_500 } })]);
    const deposit = sentToday({ dueDate: '2026-11-20' });
    expect(decideReminder(fee, deposit, none, '2026-11-21').send).toBeNull();
    expect(stepDate(fee.steps[0]!, deposit, 7)).toBe('2026-11-28');
  });

  it('a grace period of 0 days reminds from the due date as typed, never with a step dated before the send', () => {
    const deposit = sentToday({ dueDate: '2026-11-20' });
    expect(decideReminder({ ...std, graceDays: 0 }, deposit, none, '2026-11-20').send).toBeNull();
    expect(decideReminder({ ...std, graceDays: 0 }, deposit, none, '2026-11-21').send?.id).toBe('after-1');
  });

  it.each([-1, 1.5, 61, Number.NaN])('refuses a grace period of %s days with a message at the field', (graceDays) => {
    expect(fieldsOf(() => validatePolicy({ ...std, graceDays }))['graceDays']).toEqual(['The grace period must be a whole number of days from 0 to 60.']);
  });

  it('the default grace period is 7 days and survives validation', () => {
    expect(std.graceDays).toBe(7);
    expect(validatePolicy({ ...std, graceDays: 14 }).graceDays).toBe(14);
  });
});

describe('late fees', () => {
  it('a flat fee is added as is', () => {
    expect(lateFeeCents({ kind: 'flat', cents: 2_500 }, 10_000)).toBe(2_500);
  });

  it('a percentage is of the open balance, rounded half away from zero', () => {
    expect(lateFeeCents({ kind: 'percent', basisPoints: 150 }, 10_000)).toBe(150);
    // 1.5 % of 12 345 cents = 185.175 → 185; of 12 367 = 185.505 → 186
    expect(lateFeeCents({ kind: 'percent', basisPoints: 150 }, 12_345)).toBe(185);
    expect(lateFeeCents({ kind: 'percent', basisPoints: 150 }, 12_367)).toBe(186);
    // exactly half a cent rounds up: 5 % of 10 cents = 0.5
    expect(lateFeeCents({ kind: 'percent', basisPoints: 500 }, 10)).toBe(1);
  });

  it('no fee when nothing is owed or the step has none', () => {
    expect(lateFeeCents({ kind: 'flat', cents: 2_500 }, 0)).toBe(0);
    expect(lateFeeCents(null, 10_000)).toBe(0);
  });
});

describe('templates', () => {
  const values: TemplateValues = {
    greeting: 'Hello Ana,',
    client: 'Ana Ruiz',
    number: 'INV-2026-0007',
    total: '$500.00',
    balance: '$200.00',
    dueDate: 'Nov 20, 2026',
    daysOverdue: '8',
    lateFee: '',
    link: 'https://example.test/i/abc',
    company: 'Miller Security',
    phone: '(555) 010-0000',
  };

  it('fills every placeholder, with or without spaces inside the braces', () => {
    expect(renderTemplate('Dear {{client}}, {{ number }} has {{balance}} open: {{link}}', values)).toBe(
      'Dear Ana Ruiz, INV-2026-0007 has $200.00 open: https://example.test/i/abc',
    );
  });

  it('finds unknown placeholders, and not inherited property names', () => {
    expect(unknownPlaceholders('{{client}} {{amount}} {{constructor}} {{amount}}')).toEqual(['amount', 'constructor']);
  });

  it('the default policy uses only known placeholders and is valid', () => {
    expect(validatePolicy(DEFAULT_REMINDER_POLICY).steps.map((s) => s.offsetDays)).toEqual([-3, 1, 7, 14, 30]);
    for (const s of DEFAULT_REMINDER_POLICY.steps) {
      const text = renderTemplate(`${s.template.subject}\n${s.template.body}`, values);
      expect(text).not.toMatch(/\{\{/);
    }
  });
});

describe('validating a policy', () => {
  it('sorts the steps by their day', () => {
    expect(ids(validatePolicy(policy([aStep('late', 7), aStep('early', -2)])).steps)).toEqual(['early', 'late']);
  });

  it('names each mistake by field', () => {
    const fields = fieldsOf(() =>
      validatePolicy(
        policy([
          aStep('x', 3),
          aStep('x', 3),
          aStep('y', 0.5),
          aStep('z', 5, { template: { subject: ' ', body: 'Pay {{amount}} now' } }),
          aStep('fee-before', -1, { lateFee: { kind: 'flat', cents: 500 } }),
          aStep('fee-big', 40, { lateFee: { kind: 'percent', basisPoints: 9_000 } }),
        ]),
      ),
    );
    expect(Object.keys(fields).sort()).toEqual(
      ['steps.1.id', 'steps.1.offsetDays', 'steps.2.offsetDays', 'steps.3.template.body', 'steps.3.template.subject', 'steps.4.lateFee', 'steps.5.lateFee'].sort(),
    );
    expect(fields['steps.3.template.body']).toEqual(['Unknown placeholder: {{amount}}.']);
  });

  it('refuses more than ten steps', () => {
    const many = Array.from({ length: 11 }, (_, i) => aStep(`s${i}`, i));
    expect(fieldsOf(() => validatePolicy(policy(many)))['steps']).toBeDefined();
  });
});

describe('calendar days', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-11-28', 7)).toBe('2026-12-05');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-02', -3)).toBe('2026-02-27');
  });

  it('counts days between dates, across a DST change too', () => {
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2026-11-20', '2026-11-17')).toBe(-3);
  });

  it('refuses a date that is not one', () => {
    expect(() => addDays('2026-13-45', 1)).toThrow(DomainError);
  });
});
