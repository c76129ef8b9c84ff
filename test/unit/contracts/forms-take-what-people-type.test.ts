import { describe, expect, it } from 'vitest';
import { reviewRequestSchema } from '../../../src/contracts/reviews.ts';
import { itemFormSchema, toItemRequest } from '../../../src/contracts/inventory.ts';

describe('forms take what people type, and what the form sends', () => {
  it('a review for "General" service: what the form’s parse gives (null) parses again on the server', () => {
    const typed = { authorName: 'Bartholomew Okonkwo', rating: 4, text: 'Tidy install of four cameras.', service: '' };
    const sent = reviewRequestSchema.parse(typed);
    expect(sent.service).toBeNull();
    expect(reviewRequestSchema.safeParse(sent).success).toBe(true);
  });

  it('inventory prices as "$1,089.50" are cents 108950; words and negatives get the field’s message', () => {
    const form = {
      sku: 'PIR-1',
      name: 'PIR detector',
      category: 'sensor',
      description: '',
      supplier: '',
      unitCost: '38.40',
      unitPrice: '$1,089.50',
      reorderPoint: '2',
      reorderQuantity: '6',
      packSize: '1',
      serialized: false,
      resolution: '',
      fov: '',
      focalLength: '',
      sensorWidth: '',
    } as const;
    expect(toItemRequest(itemFormSchema.parse(form))).toMatchObject({ unitCostCents: 3840, unitPriceCents: 108950 });
    for (const unitPrice of ['twelve', '-5', ''])
      expect(itemFormSchema.safeParse({ ...form, unitPrice }).error?.issues.map((i) => i.message), unitPrice).toEqual(['Unit price: an amount like 129.99 or $1,089.50.']);
  });
});
