import { describe, expect, it } from 'vitest';
import { telHref } from '#ui/tel-href.ts';

describe('telHref', () => {
  it('keeps digits and a leading +; an extension becomes ;ext= (RFC 3966), never digits glued to the number', () => {
    expect(['555-201-4477 ext 9', '(555) 201-4477 x12', '555.201.4477, ext. 9', '+1 555 201 4477 extension 204', '555-201-4477 #9', '+44 20 7946 0958', '(555) 867-5309'].map(telHref)).toEqual([
      'tel:5552014477;ext=9',
      'tel:5552014477;ext=12',
      'tel:5552014477;ext=9',
      'tel:+15552014477;ext=204',
      'tel:5552014477;ext=9',
      'tel:+442079460958',
      'tel:5558675309',
    ]);
  });
});

