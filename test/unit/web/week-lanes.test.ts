import { describe, expect, it } from 'vitest';
import { dayLanes } from '../../../web/src/features/jobs/WeekCalendar.tsx';

const at = (id: string, fromHour: number, toHour: number) => ({ id, p: { top: fromHour * 40, height: (toHour - fromHour) * 40 } });
const laid = (items: ReturnType<typeof at>[]) => Object.fromEntries(dayLanes(items).map((x) => [x.id, [x.lane, x.lanes]]));

/** The week grid's lanes: visits that overlap stand side by side; others keep the whole column. */
describe('dayLanes', () => {
  it('puts a double booking side by side and leaves a visit later that day the whole width', () => {
    expect(laid([at('panel', 8, 10), at('battery', 9, 11), at('camera', 13, 16)])).toEqual({ panel: [0, 2], battery: [1, 2], camera: [0, 1] });
  });
  it('reuses a lane once it is free, and a chain of overlaps shares one width', () => {
    expect(laid([at('a', 8, 10), at('b', 9, 12), at('c', 10, 11)])).toEqual({ a: [0, 2], b: [1, 2], c: [0, 2] });
    expect(laid([at('a', 8, 12), at('b', 9, 10), at('c', 9, 10)])).toEqual({ a: [0, 3], b: [1, 3], c: [2, 3] });
    // Back to back is not an overlap.
    expect(laid([at('a', 8, 9), at('b', 9, 10)])).toEqual({ a: [0, 1], b: [0, 1] });
  });
});
