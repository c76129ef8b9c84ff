import { describe, expect, it } from 'vitest';
import * as contract from '../../../src/contracts/reminders.ts';
import { REMINDER_OUTCOMES, PAUSE_SCOPES } from '../../../src/domain/reminders/reminder-log.ts';
import { DEFAULT_REMINDER_POLICY, TEMPLATE_FIELDS } from '../../../src/domain/reminders/reminder-policy.ts';

describe('reminder contracts agree with the domain', () => {
  it('lists the same outcomes, pause scopes and template fields', () => {
    expect([...contract.REMINDER_OUTCOMES]).toEqual([...REMINDER_OUTCOMES]);
    expect([...contract.PAUSE_SCOPES]).toEqual([...PAUSE_SCOPES]);
    expect([...contract.TEMPLATE_FIELD_NAMES]).toEqual(Object.keys(TEMPLATE_FIELDS));
  });

  it('the default policy passes the API schema unchanged', () => {
    expect(contract.reminderPolicySchema.parse(DEFAULT_REMINDER_POLICY)).toEqual(DEFAULT_REMINDER_POLICY);
  });
});
