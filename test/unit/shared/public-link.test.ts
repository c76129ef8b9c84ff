import { describe, expect, it } from 'vitest';
import { linkChange, linkGone, linkIsLive, MAX_RETIRED_TOKENS, revokeLink, rotateLink, type PublicLinkState } from '../../../src/domain/shared/public-link.ts';

const now = new Date('2026-11-26T10:00:00Z');
const doc: PublicLinkState & { number: string } = { number: 'INV-2026-0007', publicToken: 'A'.repeat(32) };

describe('public document links', () => {
  it('a link opens only with the current token while not revoked; a document written before links could rotate counts as live', () => {
    expect(linkIsLive(doc, doc.publicToken)).toBe(true);
    expect(linkIsLive(doc, 'B'.repeat(32))).toBe(false);
    const revoked = revokeLink(doc, now);
    expect(linkIsLive(revoked, doc.publicToken)).toBe(false);
    expect(revokeLink(revoked, new Date('2026-11-27T00:00:00Z'))).toBe(revoked); // twice: nothing to write
  });

  it('rotating retires the old token, brings a revoked link back under the new one, and keeps at most 20 former tokens', () => {
    let d = revokeLink(doc, now);
    d = rotateLink(d, 'C'.repeat(32));
    expect(linkIsLive(d, 'C'.repeat(32))).toBe(true);
    expect(d.retiredTokens).toEqual([doc.publicToken]);
    for (let i = 0; i < 30; i += 1) d = rotateLink(d, `tok-${i}`.padEnd(32, 'x'));
    expect(d.retiredTokens).toHaveLength(MAX_RETIRED_TOKENS);
    expect(d.retiredTokens).not.toContain(doc.publicToken);
  });

  it('the audit change never carries the token; the dead-link answer names whom to contact and nothing else', () => {
    expect(JSON.stringify(linkChange(doc, 'new link'))).not.toContain(doc.publicToken);
    const err = linkGone({ name: 'Shieldline Security', phone: '(555) 010-4477', email: 'office@shieldline.example' });
    expect(err).toMatchObject({ code: 'gone', message: 'This link is no longer valid. Please contact Shieldline Security for a current one: (555) 010-4477 or office@shieldline.example.' });
    expect(linkGone({ name: 'Shieldline Security', phone: '', email: '' }).message).toBe('This link is no longer valid. Please contact Shieldline Security for a current one.');
  });
});
