import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectJson, TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aPngOf } from '../support/image-factories.ts';
import type { ApiError } from '../../src/contracts/errors.ts';
import { customerByLink, portalWorld, seedClient, type PortalWorld, type SeededClient } from './portal-world.ts';
import { attachmentOf } from '../support/smtp-peer.ts';

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const CUSTOMER_EMAIL = 'june.okafor@example.com';

/** The PDF's bytes without what differs from one rendering to the next (its creation time and file id). */
const stable = (pdf: Buffer) => pdf.toString('latin1').replace(/\(D:\d{14}[^)]*\)/g, '').replace(/\/ID \[[^\]]*\]/, '');

describe('GET /api/jobs/:id/sign-off.pdf (the office opens the sign-off the customer received)', () => {
  let w: PortalWorld;
  let seeded: SeededClient;
  let maria: TestClient;
  let customer: TestClient;
  let unsignedJobId: string;
  let signedOpenJobId: string;

  /** A service job (no sign-off required), booked for yesterday and started. */
  const startedJob = async (title: string) => {
    const { id } = await expectJson<{ id: string }>(await w.admin.send('POST', '/api/jobs', { clientId: seeded.client.id, siteId: seeded.siteId, type: 'service', title }), 201);
    await expectJson(await w.admin.send('PUT', `/api/jobs/${id}/schedule`, { window: { start: hoursFromNow(-26), end: hoursFromNow(-24) }, assignees: ['emp-maria'] }), 200);
    await expectJson(await w.admin.send('POST', `/api/jobs/${id}/status`, { status: 'in-progress' }), 200);
    return id;
  };

  beforeAll(async () => {
    w = await portalWorld();
    seeded = await seedClient(w.admin, 'June Okafor', [CUSTOMER_EMAIL]);
    maria = await TestClient.signedIn(w.t.url, DEMO.employee);
    customer = await customerByLink(w, CUSTOMER_EMAIL);
    // Completed without a signature (a service visit does not need one).
    unsignedJobId = await startedJob('Battery swap');
    await expectJson(await w.admin.send('POST', `/api/jobs/${unsignedJobId}/status`, { status: 'completed' }), 200);
    // Signed but still in progress.
    signedOpenJobId = await startedJob('Keypad move');
    const png = Buffer.from(await aPngOf(200, 80)).toString('base64');
    await expectJson(await w.admin.send('POST', `/api/jobs/${signedOpenJobId}/sign-off`, { name: 'June Okafor', signature: `data:image/png;base64,${png}` }), 200);
  }, 60_000);
  afterAll(async () => {
    await w.t.close();
    await w.smtp.close();
  });

  const numberOf = async (id: string) => (await expectJson<{ job: { number: string } }>(await w.admin.get(`/api/jobs/${id}`), 200)).job.number;

  const pdfOf = async (res: Response) => {
    expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({ status: 200, type: 'application/pdf' });
    return Buffer.from(await res.arrayBuffer());
  };

  it('gives an admin the same PDF the customer downloads from the client hub', async () => {
    const office = await pdfOf(await w.admin.get(`/api/jobs/${seeded.doneJobId}/sign-off.pdf`));
    expect(office.subarray(0, 5).toString()).toBe('%PDF-');
    const number = await numberOf(seeded.doneJobId);
    const hub = await pdfOf(await customer.get(`/api/portal/clients/${seeded.client.id}/visits/${seeded.doneJobId}/sign-off.pdf`));
    expect(stable(office)).toBe(stable(hub));
    expect(office.toString('latin1')).toContain(`(Sign-off ${number})`); // the document's title
  });

  it('the completed-job mail attaches the same file (technicians named)', async () => {
    const number = await numberOf(seeded.doneJobId);
    const office = await pdfOf(await w.admin.get(`/api/jobs/${seeded.doneJobId}/sign-off.pdf`));
    const filename = `${number}-sign-off.pdf`;
    await expect.poll(() => w.smtp.received.some((m) => m.to.includes(CUSTOMER_EMAIL) && attachmentOf(m, filename) !== null), { timeout: 15_000 }).toBe(true);
    const mailed = attachmentOf(w.smtp.received.find((m) => m.to.includes(CUSTOMER_EMAIL) && attachmentOf(m, filename) !== null)!, filename)!;
    expect(mailed.subarray(0, 5).toString()).toBe('%PDF-');
    expect(stable(mailed)).toBe(stable(office));
  });

  it('names the file after the job and keeps it out of caches', async () => {
    const res = await w.admin.get(`/api/jobs/${seeded.doneJobId}/sign-off.pdf`);
    const number = await numberOf(seeded.doneJobId);
    expect(res.headers.get('content-disposition')).toContain(`${number}-sign-off.pdf`);
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('gives an employee who may view jobs the PDF', async () => {
    const pdf = await pdfOf(await maria.get(`/api/jobs/${seeded.doneJobId}/sign-off.pdf`));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses an employee without the jobs permission (403), and signed-out callers and customers', async () => {
    await expectJson(await w.admin.send('PATCH', '/api/employees/emp-maria', { permissions: { viewJobs: false, editJobs: false } }), 200);
    try {
      expect((await maria.get(`/api/jobs/${seeded.doneJobId}/sign-off.pdf`)).status).toBe(403);
    } finally {
      await expectJson(await w.admin.send('PATCH', '/api/employees/emp-maria', { permissions: { viewJobs: true, editJobs: true } }), 200);
    }
    expect((await new TestClient(w.t.url).get(`/api/jobs/${seeded.doneJobId}/sign-off.pdf`)).status).toBe(401);
    expect((await customer.get(`/api/jobs/${seeded.doneJobId}/sign-off.pdf`)).status).toBe(403);
    const casey = await TestClient.signedIn(w.t.url, DEMO.other);
    expect((await casey.get(`/api/jobs/${seeded.doneJobId}/sign-off.pdf`)).status).toBe(403);
  });

  it('answers a clear 404 for a job without a sign-off, one not completed yet, and one that does not exist', async () => {
    const unsigned = await expectJson<ApiError>(await w.admin.get(`/api/jobs/${unsignedJobId}/sign-off.pdf`), 404);
    expect(unsigned.error.message).toBe(`${await numberOf(unsignedJobId)} has no customer sign-off.`);
    const open = await expectJson<ApiError>(await w.admin.get(`/api/jobs/${signedOpenJobId}/sign-off.pdf`), 404);
    expect(open.error.message).toBe(`${await numberOf(signedOpenJobId)} is in-progress; its sign-off PDF is made once it is completed.`);
    const missing = await expectJson<ApiError>(await w.admin.get('/api/jobs/no-such-job/sign-off.pdf'), 404);
    expect(missing.error.message).toBe('No such job.');
  });
});
