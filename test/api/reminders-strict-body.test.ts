import { describe, expect, it } from 'vitest';
import { signedInApp } from '../support/signed-in-app.ts';
import { DEMO } from '../support/demo-users.ts';
import type { ReminderOverviewResponse, ReminderPolicyBody } from '../../src/contracts/reminders.ts';

describe('reminder bodies refuse unknown fields', () => {
  const app = signedInApp(DEMO.admin);

  const policy = async () => ((await (await app.client.get('/api/reminders')).json()) as ReminderOverviewResponse).policy;
  const aPolicy = (enabled: boolean): ReminderPolicyBody => ({
    enabled,
    graceDays: 7,
    steps: [{ id: 'friendly', offsetDays: 3, template: { subject: 'Invoice {number}', body: 'Hello {client}, {balance} is due.' }, lateFee: { kind: 'flat', cents: 1500 } }],
  });

  it('PUT /api/reminders/policy with an unknown field at any level is a 400 and the policy stays as it was', async () => {
    const saved = await app.client.send('PUT', '/api/reminders/policy', aPolicy(false));
    expect(saved.status).toBe(200);
    const before = await policy();
    expect(before).toEqual(aPolicy(false));

    const step = aPolicy(true).steps[0]!;
    const attempts: unknown[] = [
      { ...aPolicy(true), isAdmin: true },
      { ...aPolicy(true), steps: [{ ...step, sendTo: 'attacker@example.com' }] },
      { ...aPolicy(true), steps: [{ ...step, template: { ...step.template, bcc: 'attacker@example.com' } }] },
      { ...aPolicy(true), steps: [{ ...step, lateFee: { kind: 'flat', cents: 1500, waived: true } }] },
    ];
    for (const body of attempts) {
      const res = await app.client.send('PUT', '/api/reminders/policy', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await policy()).toEqual(before);
  });

  it('POST /api/reminders/pauses with an unknown field is a 400 and pauses nothing', async () => {
    const res = await app.client.send('POST', '/api/reminders/pauses', { scope: 'client', targetId: 'client-1', pausedBy: 'someone-else' });
    expect(res.status).toBe(400);
    expect(((await (await app.client.get('/api/reminders')).json()) as ReminderOverviewResponse).pauses).toEqual([]);
  });
});
