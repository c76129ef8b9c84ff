import type { Lead } from '#contracts/quotes.ts';

/** A website quote request as the leads screen gets it; long names and addresses, as people type them. */
export const aLead = (over: Partial<Lead> = {}): Lead => ({
  id: 'lead-1',
  name: 'Bartholomew Alexander Montgomery-Fitzgerald III',
  email: 'bartholomew.alexander.montgomery-fitzgerald@very-long-family-domain.example.com',
  phone: '(217) 555-0100',
  services: ['alarm', 'cameras'],
  propertyType: 'residential',
  construction: 'existing',
  address: '4821 North Westmoreland Blvd, Apt 12B',
  postcode: '62704',
  preferredDate: '2026-12-04',
  preferredWindow: 'morning',
  description: 'Two-storey house, back door faces an alley.',
  photos: [],
  status: 'new',
  nextStatuses: ['contacted', 'lost', 'spam'],
  convertedClientId: null,
  createdAt: '2026-11-25T20:00:00.000Z',
  updatedAt: '2026-11-25T20:00:00.000Z',
  ...over,
});
