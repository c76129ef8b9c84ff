import { describe, expect, it } from 'vitest';
import { applyStockMovement, type MovementInput } from '../../../src/domain/inventory/stock-movement.ts';
import type { InventoryItem } from '../../../src/domain/inventory/inventory-item.ts';
import type { SerialRecord, SerialStatus } from '../../../src/domain/inventory/serial-number.ts';
import { DomainError } from '../../../src/domain/shared/domain-error.ts';
import { ACTOR, NOW, aMovement, aSerial, anItem } from './inventory-factories.ts';

const ctx = { movementId: 'mv-1', actor: ACTOR, now: NOW };
const apply = (item: InventoryItem, input: MovementInput, serials: [string, SerialStatus | null][] = []) =>
  applyStockMovement(
    item,
    input,
    new Map<string, SerialRecord | null>(serials.map(([s, st]) => [s, st === null ? null : aSerial(item, s, st)])),
    ctx,
  );

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected the movement to be refused');
}

describe('stock movements on a plain item', () => {
  const cases: { name: string; stock: { onHand: number; reserved: number }; input: Partial<MovementInput>; onHand: number; reserved: number }[] = [
    { name: 'receive adds to on hand', stock: { onHand: 2, reserved: 0 }, input: { kind: 'receive', quantity: 5 }, onHand: 7, reserved: 0 },
    { name: 'reserve holds available stock', stock: { onHand: 5, reserved: 1 }, input: { kind: 'reserve', quantity: 4, proposalId: 'PRO-2026-0001' }, onHand: 5, reserved: 5 },
    { name: 'release frees a reservation', stock: { onHand: 5, reserved: 3 }, input: { kind: 'release', quantity: 2, proposalId: 'PRO-2026-0001' }, onHand: 5, reserved: 1 },
    { name: 'use takes from available', stock: { onHand: 5, reserved: 2 }, input: { kind: 'use', quantity: 3, jobId: 'JOB-0001' }, onHand: 2, reserved: 2 },
    { name: 'use from a reservation takes both', stock: { onHand: 5, reserved: 2 }, input: { kind: 'use', quantity: 2, jobId: 'JOB-0001', fromReservation: true }, onHand: 3, reserved: 0 },
    { name: 'return from a job adds back', stock: { onHand: 1, reserved: 0 }, input: { kind: 'return', quantity: 2, direction: 'from-job', jobId: 'JOB-0001' }, onHand: 3, reserved: 0 },
    { name: 'return to the supplier takes out', stock: { onHand: 4, reserved: 1 }, input: { kind: 'return', quantity: 3, direction: 'to-supplier' }, onHand: 1, reserved: 1 },
    { name: 'adjust up with a reason', stock: { onHand: 4, reserved: 0 }, input: { kind: 'adjust', quantity: 2, reason: 'stock count' }, onHand: 6, reserved: 0 },
    { name: 'adjust down with a reason', stock: { onHand: 4, reserved: 1 }, input: { kind: 'adjust', quantity: -3, reason: 'damaged' }, onHand: 1, reserved: 1 },
    { name: 'adjust down below reserved shrinks the reservation', stock: { onHand: 4, reserved: 3 }, input: { kind: 'adjust', quantity: -4, reason: 'water damage' }, onHand: 0, reserved: 0 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const item = anItem(c.stock);
      const r = apply(item, aMovement(c.input));
      expect({ onHand: r.item.onHand, reserved: r.item.reserved, available: r.item.available }).toEqual({
        onHand: c.onHand,
        reserved: c.reserved,
        available: c.onHand - c.reserved,
      });
      expect(r.movement).toMatchObject({ onHandDelta: c.onHand - c.stock.onHand, reservedDelta: c.reserved - c.stock.reserved, onHandAfter: c.onHand, actorName: 'Frank Miller' });
    });
  }

  const refused: { name: string; stock: { onHand: number; reserved: number }; input: Partial<MovementInput>; code: string; message: RegExp }[] = [
    { name: 'use more than available', stock: { onHand: 5, reserved: 3 }, input: { kind: 'use', quantity: 3, jobId: 'J' }, code: 'conflict', message: /Not enough stock: 2 available \(5 on hand, 3 reserved\), 3 asked/ },
    { name: 'reserve more than available', stock: { onHand: 2, reserved: 0 }, input: { kind: 'reserve', quantity: 3, proposalId: 'P' }, code: 'conflict', message: /Not enough stock/ },
    { name: 'release more than reserved', stock: { onHand: 5, reserved: 1 }, input: { kind: 'release', quantity: 2, proposalId: 'P' }, code: 'conflict', message: /Only 1 reserved/ },
    { name: 'use from reservation beyond it', stock: { onHand: 5, reserved: 1 }, input: { kind: 'use', quantity: 2, jobId: 'J', fromReservation: true }, code: 'conflict', message: /Only 1 reserved/ },
    { name: 'return to supplier more than available', stock: { onHand: 3, reserved: 2 }, input: { kind: 'return', quantity: 2, direction: 'to-supplier' }, code: 'conflict', message: /Not enough stock/ },
    { name: 'adjust below zero even with a reason', stock: { onHand: 3, reserved: 0 }, input: { kind: 'adjust', quantity: -4, reason: 'lost' }, code: 'conflict', message: /cannot go below zero/ },
    { name: 'adjust without a reason', stock: { onHand: 3, reserved: 0 }, input: { kind: 'adjust', quantity: -1, reason: ' ' }, code: 'validation', message: /needs a reason/ },
    { name: 'use without a job', stock: { onHand: 3, reserved: 0 }, input: { kind: 'use', quantity: 1 }, code: 'validation', message: /which job/ },
    { name: 'reserve without a proposal or job', stock: { onHand: 3, reserved: 0 }, input: { kind: 'reserve', quantity: 1 }, code: 'validation', message: /proposal or job/ },
    { name: 'return without a direction', stock: { onHand: 3, reserved: 0 }, input: { kind: 'return', quantity: 1 }, code: 'validation', message: /from a job or goes back/ },
    { name: 'a zero quantity', stock: { onHand: 3, reserved: 0 }, input: { kind: 'receive', quantity: 0 }, code: 'validation', message: /other than 0/ },
    { name: 'a negative receive', stock: { onHand: 3, reserved: 0 }, input: { kind: 'receive', quantity: -2 }, code: 'validation', message: /must be positive/ },
    { name: 'a fractional quantity', stock: { onHand: 3, reserved: 0 }, input: { kind: 'receive', quantity: 1.5 }, code: 'validation', message: /whole number/ },
    { name: 'serials on a plain item', stock: { onHand: 3, reserved: 0 }, input: { kind: 'receive', quantity: 1, serials: ['A1'] }, code: 'validation', message: /not serial-tracked/ },
  ];
  for (const c of refused) {
    it(`refuses: ${c.name}`, () => {
      const e = refusal(() => apply(anItem(c.stock), aMovement(c.input)));
      expect(e.code).toBe(c.code);
      expect(e.message).toMatch(c.message);
    });
  }

  it('records a shrunk reservation in the adjustment reason', () => {
    const r = apply(anItem({ onHand: 4, reserved: 3 }), aMovement({ kind: 'adjust', quantity: -3, reason: 'water damage' }));
    expect(r.movement.reason).toBe('water damage (reservations reduced from 3 to 1)');
  });

  it('derives low stock after every movement (available ≤ reorder point)', () => {
    const item = anItem({ onHand: 8, reserved: 0 }, { reorderPoint: 5 });
    expect(item.lowStock).toBe(false);
    expect(apply(item, aMovement({ kind: 'use', quantity: 2, jobId: 'J' })).item.lowStock).toBe(false);
    expect(apply(item, aMovement({ kind: 'use', quantity: 3, jobId: 'J' })).item.lowStock).toBe(true);
    expect(apply(item, aMovement({ kind: 'reserve', quantity: 3, proposalId: 'P' })).item.lowStock).toBe(true);
  });
});

describe('serial numbers', () => {
  const camera = (stock: { onHand?: number; reserved?: number; reservedSerials?: number } = {}) => anItem(stock, { category: 'sensor', serialized: true });

  it('receive creates in-stock serials with their first history step', () => {
    const item = camera();
    const r = apply(item, aMovement({ kind: 'receive', quantity: 2, serials: ['cam-001', ' CAM-002 '], supplier: 'Anixter' }), [['CAM-001', null], ['CAM-002', null]]);
    expect(r.item.onHand).toBe(2);
    expect(r.serials.map((s) => [s.serial, s.status])).toEqual([['CAM-001', 'in-stock'], ['CAM-002', 'in-stock']]);
    expect(r.serials[0]!.history).toEqual([expect.objectContaining({ kind: 'receive', status: 'in-stock', supplier: 'Anixter', actorName: 'Frank Miller' })]);
  });

  it('use installs the serial at the job and site, keeping its history', () => {
    const item = camera({ onHand: 2 });
    const r = apply(item, aMovement({ kind: 'use', quantity: 1, serials: ['CAM-001'], jobId: 'JOB-0042', siteId: 'site-7' }), [['CAM-001', 'in-stock']]);
    expect(r.item.onHand).toBe(1);
    expect(r.serials[0]).toMatchObject({ status: 'installed', jobId: 'JOB-0042', siteId: 'site-7', installedAt: NOW.toISOString() });
  });

  it('reserving named serials and using them from the reservation keeps the counters right', () => {
    const item = camera({ onHand: 3 });
    const reserved = apply(item, aMovement({ kind: 'reserve', quantity: 1, serials: ['A1'], proposalId: 'PRO-1' }), [['A1', 'in-stock']]);
    expect(reserved.item).toMatchObject({ reserved: 1, reservedSerials: 1, available: 2 });
    expect(reserved.serials[0]).toMatchObject({ status: 'reserved', reservedFor: 'PRO-1' });
    const used = apply(reserved.item, aMovement({ kind: 'use', quantity: 1, serials: ['A1'], jobId: 'J', fromReservation: true }), [['A1', 'reserved']]);
    expect(used.item).toMatchObject({ onHand: 2, reserved: 0, reservedSerials: 0 });
  });

  const refused: { name: string; stock: { onHand?: number; reserved?: number; reservedSerials?: number }; input: Partial<MovementInput>; serials: [string, SerialStatus | null][]; message: RegExp }[] = [
    { name: 'receiving a serial twice', stock: { onHand: 1 }, input: { kind: 'receive', quantity: 1, serials: ['A1'] }, serials: [['A1', 'installed']], message: /already received/ },
    { name: 'the same serial twice in one movement', stock: {}, input: { kind: 'receive', quantity: 2, serials: ['A1', 'a1'] }, serials: [['A1', null]], message: /listed twice/ },
    { name: 'fewer serials than units', stock: {}, input: { kind: 'receive', quantity: 2, serials: ['A1'] }, serials: [['A1', null]], message: /one serial number per unit \(2 units, 1 given\)/ },
    { name: 'using a serial that is not in stock', stock: { onHand: 1 }, input: { kind: 'use', quantity: 1, serials: ['A9'], jobId: 'J' }, serials: [['A9', null]], message: /A9 \(unknown\) is not in stock/ },
    { name: 'using an installed serial', stock: { onHand: 1 }, input: { kind: 'use', quantity: 1, serials: ['A1'], jobId: 'J' }, serials: [['A1', 'installed']], message: /A1 \(installed\) is not in stock/ },
    { name: 'using a reserved serial outside its reservation', stock: { onHand: 2, reserved: 1, reservedSerials: 1 }, input: { kind: 'use', quantity: 1, serials: ['A1'], jobId: 'J' }, serials: [['A1', 'reserved']], message: /is not in stock/ },
    { name: 'releasing by count when the reservation is by serial', stock: { onHand: 2, reserved: 1, reservedSerials: 1 }, input: { kind: 'release', quantity: 1, proposalId: 'P' }, serials: [], message: /name the serials/ },
    { name: 'returning a serial that was never installed', stock: { onHand: 1 }, input: { kind: 'return', quantity: 1, direction: 'from-job', serials: ['A1'] }, serials: [['A1', 'in-stock']], message: /is not installed/ },
    { name: 'a serial with a slash', stock: {}, input: { kind: 'receive', quantity: 1, serials: ['A/1'] }, serials: [], message: /not valid/ },
  ];
  for (const c of refused) {
    it(`refuses: ${c.name}`, () => {
      expect(() => apply(camera(c.stock), aMovement(c.input), c.serials)).toThrow(c.message);
    });
  }

  it('a serial written off can be received again (found in the van)', () => {
    const item = camera();
    const r = apply(item, aMovement({ kind: 'adjust', quantity: 1, reason: 'found in van', serials: ['A1'] }), [['A1', 'written-off']]);
    expect(r.serials[0]).toMatchObject({ status: 'in-stock' });
  });
});
