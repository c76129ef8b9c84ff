import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { appWithSmtpPeer } from '../support/app-with-smtp.ts';
import { expectJson, TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import type { ReceivedMail } from '../support/smtp-peer.ts';
import { A_SIGNATURE, aProposalRequest, SIGNED } from '../support/proposal-doubles.ts';
import { aClient, aSite } from '../unit/clients/client-factories.ts';
import { TOKENS } from '../../src/container.ts';
import type { AuditListDto } from '../../src/contracts/audit.ts';
import type { ProposalDto, PublicProposal } from '../../src/contracts/proposals.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
/** One page of a PDF as pdftotext reads it (poppler, a reader that is not ours). */
const pageText = (pdf: Uint8Array, page: number) => execFileSync('pdftotext', ['-layout', '-f', String(page), '-l', String(page), '-', '-'], { input: pdf }).toString();
const pageCount = (pdf: Uint8Array) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf }).toString())?.[1]);
const bodyOf = (m: ReceivedMail): string => m.raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
const settle = () => new Promise((r) => setTimeout(r, 300));
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('POST /api/public/proposals/:token/accept with a drawn signature', () => {
  const app = appWithSmtpPeer();

  async function admin(): Promise<TestClient> {
    const c = new TestClient(app.t.url);
    await c.signIn(DEMO.admin);
    return c;
  }

  /** A proposal sent to a client whose contact e-mail is on file, opened once by the customer. */
  async function sentAndViewed(staff: TestClient, clientName = 'Maximiliana Wolfeschlegelsteinhausen-Bergerdorff') {
    const site = aSite();
    const client = await app.t.container.resolve(TOKENS.Clients).create(aClient({ name: clientName, sites: [site] }));
    const p = await expectJson<ProposalDto>(await staff.send('POST', '/api/proposals', aProposalRequest(client.id, site.id)), 201);
    await expectJson(await staff.send('POST', `/api/proposals/${p.id}/send`, {}), 200);
    const visitor = new TestClient(app.t.url);
    await expectJson<PublicProposal>(await visitor.get(`/api/public/proposals/${p.publicToken}`), 200);
    const email = (await app.t.container.resolve(TOKENS.ClientDirectory).getClient(client.id))!.email!;
    return { p, visitor, email };
  }

  const filesIn = async (folder: string, proposalId: string) => {
    const found: string[] = [];
    for await (const f of app.t.container.resolve(TOKENS.Files).list({ folder })) if (f.customMetadata?.['proposalId'] === proposalId) found.push(f.fullPath);
    return found;
  };

  it('stores the signature, appends the certificate page to the PDF, and hashes the PDF as it stood before', async () => {
    const staff = await admin();
    const { p, visitor, email } = await sentAndViewed(staff);
    // The PDF the customer could download just before accepting.
    const before = await bytesOf(await visitor.get(`/api/public/proposals/${p.publicToken}/pdf`));
    const beforePages = pageCount(before);

    const res = await visitor.send('POST', `/api/public/proposals/${p.publicToken}/accept`, { optionId: 'opt-2', name: 'Maximiliana Wolfeschlegelsteinhausen-Bergerdorff', ...SIGNED, email: '' }, { 'user-agent': IPHONE });
    expect(await expectJson<PublicProposal>(res, 200)).toMatchObject({ status: 'accepted', acceptedName: 'Maximiliana Wolfeschlegelsteinhausen-Bergerdorff' });

    const view = await expectJson<ProposalDto>(await staff.get(`/api/proposals/${p.id}`), 200);
    expect(view.acceptance).toMatchObject({ email, ip: '127.0.0.1', userAgent: IPHONE, documentSha256: sha256(before) });

    const signature = await staff.get(`/api/proposals/${p.id}/signature`);
    expect(signature.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await bytesOf(signature)).toString('base64')).toBe(A_SIGNATURE.split(',')[1]);

    const certified = await bytesOf(await staff.get(`/api/proposals/${p.id}/certificate`));
    expect(pageCount(certified)).toBe(beforePages + 1);
    // The proposal's pages read as they did before; the last page is the certificate.
    expect(pageText(certified, 1)).toBe(pageText(before, 1));
    const certificate = pageText(certified, beforePages + 1).replace(/\s+/g, ' ');
    expect(certificate).toContain('Acceptance certificate');
    expect(certificate).toContain(`${p.number}`);
    expect(certificate).toContain('Signed by Maximiliana Wolfeschlegelsteinhausen-Bergerdorff');
    expect(certificate).toContain(`E-mail ${email}`);
    expect(certificate).toMatch(/Time \(UTC\) \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    expect(certificate).toContain('Time (business)');
    expect(certificate).toContain('IP address 127.0.0.1');
    expect(certificate).toContain('iPhone');
    expect(certificate).toContain(sha256(before));
    // The customer's download is now the signed copy.
    const signedCopy = await visitor.get(`/api/public/proposals/${p.publicToken}/pdf`);
    expect(signedCopy.headers.get('content-disposition')).toContain(`${p.number}-signed.pdf`);
    expect(sha256(await bytesOf(signedCopy))).toBe(sha256(certified));

    // The history shows the acceptance with the IP.
    const history = await expectJson<AuditListDto>(await staff.get(`/api/proposals/${p.id}/audit`), 200);
    const accepted = history.entries.find((e) => e.action === 'accept');
    expect(accepted?.changes).toEqual(expect.arrayContaining([{ field: 'ip', from: null, to: '127.0.0.1' }, { field: 'signedBy', from: null, to: 'Maximiliana Wolfeschlegelsteinhausen-Bergerdorff' }]));

    // Accepting again is refused, saying when it happened.
    const again = await expectJson<{ error: { message: string } }>(await visitor.send('POST', `/api/public/proposals/${p.publicToken}/accept`, { optionId: 'opt-1', name: 'Someone Else', ...SIGNED }), 409);
    expect(again.error.message).toMatch(/^This proposal was already accepted on .+\d{4}.+\.$/);
    expect(await filesIn('proposal-signatures', p.id)).toHaveLength(1);
  });

  it('two accepts posted at once: one acceptance, one certificate, and each side mailed the signed copy once', async () => {
    const staff = await admin();
    const { p, visitor, email } = await sentAndViewed(staff, 'Grace Hopper');
    const post = () => visitor.send('POST', `/api/public/proposals/${p.publicToken}/accept`, { optionId: 'opt-1', name: 'Grace Hopper', ...SIGNED, email: 'grace.hopper@navy.example' });
    const statuses = (await Promise.all([post(), post()])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);

    const toCustomer = () => app.smtp.received.filter((m) => m.to.includes('grace.hopper@navy.example'));
    const toOffice = () => app.smtp.received.filter((m) => m.to.includes(app.t.config.company.email) && bodyOf(m).includes(`accepted proposal ${p.number}`));
    await expect.poll(() => [toCustomer().length, toOffice().length]).toEqual([1, 1]);
    await settle();
    expect([toCustomer().length, toOffice().length]).toEqual([1, 1]);
    for (const m of [toCustomer()[0]!, toOffice()[0]!]) expect(m.raw).toContain(`${p.number}-signed.pdf`);
    expect(bodyOf(toOffice()[0]!)).toContain('Attached: the signed copy, its last page the acceptance certificate');
    expect(bodyOf(toCustomer()[0]!)).toContain(`Your signed copy is attached`);
    // Greeted like every other customer mail: by first name, not "Dear <full name>".
    expect(bodyOf(toCustomer()[0]!)).toMatch(/^Hello Grace,$/m);
    expect(email).not.toBe('grace.hopper@navy.example'); // the typed address wins over the one on file
    expect(await filesIn('proposal-certificates', p.id)).toHaveLength(1);
    expect(await filesIn('proposal-signatures', p.id)).toHaveLength(1);
  });

  it('refuses a non-PNG, a too-large signature, a missing one or a missing "I agree", saying which, and changes nothing', async () => {
    const staff = await admin();
    const { p, visitor } = await sentAndViewed(staff, 'Ada Lovelace');
    const accept = async (over: object) =>
      expectJson<{ error: { message: string; fields: Record<string, string[]> } }>(await visitor.send('POST', `/api/public/proposals/${p.publicToken}/accept`, { optionId: 'opt-1', name: 'Ada Lovelace', ...SIGNED, ...over }), 400);

    const jpeg = await sharp({ create: { width: 300, height: 90, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
    expect((await accept({ signature: `data:image/png;base64,${jpeg.toString('base64')}` })).error.fields['signature']).toEqual(['The signature must be a PNG image.']);
    // Noise does not compress: 400 × 300 random pixels are a PNG of ≈360 KB, over the 300 KB limit.
    const noise = await sharp(Buffer.from(Array.from({ length: 400 * 300 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 400, height: 300, channels: 3 } }).png().toBuffer();
    const tooLarge = await accept({ signature: `data:image/png;base64,${noise.toString('base64')}` });
    expect(tooLarge.error.message).toMatch(/^The signature image is too large \(\d+ KB; at most 300 KB\)\. Clear the pad and sign again\.$/);
    expect((await accept({ signature: '' })).error.fields['signature']?.[0]).toMatch(/^Sign in the box/);
    expect((await accept({ agreed: false })).error).toMatchObject({ message: 'Tick “I agree to this proposal and its terms” to accept.', fields: { agreed: [expect.any(String)] } });

    const view = await expectJson<ProposalDto>(await staff.get(`/api/proposals/${p.id}`), 200);
    expect(view).toMatchObject({ status: 'viewed', acceptance: null });
    expect(await filesIn('proposal-signatures', p.id)).toEqual([]);
    await settle();
    expect(app.smtp.received.filter((m) => bodyOf(m).includes(`accepted proposal ${p.number}`))).toEqual([]);
  });
});
