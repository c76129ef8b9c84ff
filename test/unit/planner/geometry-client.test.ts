import { describe, expect, it } from 'vitest';
import { GeometryClient, GeometryError } from '../../../web/src/features/camera-planner/geometry-client.ts';
import type { WorkerLike } from '../../../web/src/features/camera-planner/geometry-client.ts';
import { PlannerEngine } from '../../../src/domain/planner/planner-engine.ts';
import { handlePlannerRequest } from '../../../src/domain/planner/planner-protocol.ts';
import type { PlannerRequest, PlannerResponse } from '../../../src/domain/planner/planner-protocol.ts';
import { aCamera, aRoomPlan } from './planner-factories.ts';

/** A worker stand-in: the real protocol handler, answering on a later task like a real worker. */
function aFakeWorker() {
  const engine = new PlannerEngine();
  const received: PlannerRequest[] = [];
  let listener: ((event: { data: PlannerResponse }) => void) | null = null;
  const worker: WorkerLike = {
    postMessage(message) {
      received.push(message);
      setTimeout(() => listener?.({ data: handlePlannerRequest(engine, structuredClone(message)) }), 0);
    },
    addEventListener(_type, l) {
      listener = l;
    },
    terminate() {
      listener = null;
    },
  };
  return { worker, received };
}

describe('GeometryClient', () => {
  it('coalesces a burst of drags of one camera into the first and the newest', async () => {
    const { worker, received } = aFakeWorker();
    const client = new GeometryClient(worker);
    const cam = aCamera({ position: { x: 1, y: 1 }, headingDeg: 45, rangeM: 5 });
    await client.load(aRoomPlan(10, 10, { cameras: [cam] }));
    const drags = Array.from({ length: 10 }, (_, i) => client.moveCamera(cam.id, { x: 1 + i * 0.5, y: 1 }));
    const results = await Promise.all(drags);
    const moves = received.filter((r) => r.type === 'move-camera');
    expect(moves.map((m) => m.type === 'move-camera' && m.position.x)).toEqual([1, 5.5]);
    // everyone waiting on a dropped drag gets the newest answer
    expect(results[9]!.coverage).toEqual(results[5]!.coverage);
    expect(results[0]!.coverage).not.toEqual(results[9]!.coverage);
  });

  it('rejects with the engine error code', async () => {
    const { worker } = aFakeWorker();
    const client = new GeometryClient(worker);
    await client.load(aRoomPlan(10, 10));
    await expect(client.rotateCamera('missing', 90)).rejects.toMatchObject({ name: 'GeometryError', code: 'not-found' });
  });

  it('returns uncovered cells, and rejects waiting calls once disposed', async () => {
    const { worker } = aFakeWorker();
    const client = new GeometryClient(worker);
    await client.load(aRoomPlan(4, 4));
    const cells = await client.uncovered('coverage');
    expect(cells.runs.length).toBe(80 * 3);
    const pending = client.setWalls([]);
    client.dispose();
    await expect(pending).rejects.toBeInstanceOf(GeometryError);
  });
});
