import { describe, expect, it } from 'vitest';
import { firstMatchingTerm, parseSearch, searchTerms } from '../../../src/domain/clients/client-search.ts';
import { nameSortKey, normaliseTags } from '../../../src/domain/clients/client.ts';
import { aClient, aSite } from './client-factories.ts';

describe('search normalisation', () => {
  it('parses what a person types into prefixes: words, phone digits, e-mails', () => {
    expect(parseSearch('  Smi  555-12 ')).toEqual(['smi', '55512']);
    expect(parseSearch('(555) 123-45')).toEqual(['55512345']);
    expect(parseSearch('Ann.Le')).toEqual(['ann.le']);
    expect(parseSearch('St. Louis')).toEqual(['st', 'louis']);
    expect(parseSearch('Ann.Lee@Example.COM')).toEqual(['ann.lee@example.com']);
    expect(parseSearch('Émile Émile')).toEqual(['emile']);
    expect(parseSearch('')).toEqual([]);
    expect(parseSearch('#vip')).toEqual(['vip']);
  });

  it('finds a hyphenated name typed whole, as written on the client ("Montgomery-Fitz" finds "Montgomery-Fitzgerald")', () => {
    const terms = searchTerms(aClient({ name: 'Bartholomew Montgomery-Fitzgerald', company: 'José-María Ltd' }));
    for (const typed of ['Montgomery-Fitz', 'montgomery-fitzgerald', 'Jose-Maria', 'José-Mar', 'Fitz']) {
      const prefixes = parseSearch(typed);
      expect(prefixes.every((p) => terms.some((t) => t.startsWith(p))), `${typed} → ${prefixes.join(' ')}`).toBe(true);
    }
  });

  it('lists a client once, at its smallest matching term, never at a tag', () => {
    const terms = ['smithson', 'smith', 'john', '#smith-family'];
    expect(firstMatchingTerm(terms, 'smi')).toBe('smith');
    expect(firstMatchingTerm(terms, 'zz')).toBeNull();
    expect(firstMatchingTerm(terms, '#smith')).toBeNull();
  });

  it('derives terms from names, company, e-mails, phones, addresses, site labels and tags', () => {
    const c = aClient({
      name: 'Ann Lee',
      company: 'Lee Dental',
      contacts: [{ name: 'Bob Lee', role: 'Owner', emails: ['Ann.Lee@Example.com'], phones: ['+1 (555) 123-4567'] }],
      billingAddress: { line1: '12 Oak Street', line2: '', city: 'Springfield', region: 'IL', postcode: 'SW1A 1AA', country: 'US' },
      tags: ['vip'],
      sites: [aSite({ label: 'Warehouse', address: { line1: '9 Elm Road', line2: '', city: 'Salem', region: '', postcode: '', country: '' } })],
    });
    const terms = searchTerms(c);
    for (const t of ['ann', 'lee', 'dental', 'bob', 'ann.lee@example.com', 'ann.lee', 'example.com', '15551234567', '5551234567', '1234567', '4567', '12', 'oak', 'street', 'springfield', 'sw1a1aa', 'elm', 'salem', 'warehouse', '#vip'])
      expect(terms, t).toContain(t);
    expect(new Set(terms).size).toBe(terms.length);
  });

  it('sorts names case- and accent-insensitively and normalises tags', () => {
    expect(nameSortKey('  Émile   ZOLA ')).toBe('emile zola');
    expect(normaliseTags([' VIP ', 'vip', 'New Build', ''])).toEqual(['vip', 'new-build']);
  });
});
