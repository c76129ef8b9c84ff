/**
 * Typed promises over the geometry worker. Drags and rotations are coalesced per camera: while
 * one is being computed, only the newest of the ones that arrive meanwhile is sent, and every
 * caller waiting on a dropped one gets the newer answer — the worker never falls behind the
 * pointer.
 *
 * Relative imports, not the #domain alias: test/unit/planner runs this file under the server's
 * tsconfig (nodenext, rewriteRelativeImportExtensions), which refuses a '.ts' alias import.
 */
import type { CoverageLayer } from '../../../../src/domain/planner/camera-view.ts';
import type { AreaOfInterest, Camera, Plan, Point, Wall } from '../../../../src/domain/planner/plan.ts';
import type { PlannerUpdate, UncoveredCells } from '../../../../src/domain/planner/planner-engine.ts';
import type { PlannerCommand, PlannerRequest, PlannerResponse, PlannerResult } from '../../../../src/domain/planner/planner-protocol.ts';

export interface WorkerLike {
  postMessage(message: PlannerRequest): void;
  addEventListener(type: 'message', listener: (event: { data: PlannerResponse }) => void): void;
  terminate(): void;
}

export class GeometryError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'GeometryError';
    this.code = code;
  }
}

interface Waiter {
  resolve: (result: PlannerResult) => void;
  reject: (error: Error) => void;
}

interface Lane {
  busy: boolean;
  next: { command: PlannerCommand; waiters: Waiter[] } | null;
}

export class GeometryClient {
  private readonly worker: WorkerLike;
  private seq = 0;
  private readonly waiting = new Map<number, Waiter[]>();
  private readonly lanes = new Map<string, Lane>();

  constructor(worker: WorkerLike) {
    this.worker = worker;
    worker.addEventListener('message', (event) => this.receive(event.data));
  }

  load(plan: Plan): Promise<PlannerUpdate> {
    return this.update({ type: 'load', plan });
  }

  /** Coalesced: see the module comment. */
  moveCamera(id: string, position: Point): Promise<PlannerUpdate> {
    return this.latest(`camera:${id}`, { type: 'move-camera', id, position });
  }

  /** Coalesced: see the module comment. */
  rotateCamera(id: string, headingDeg: number): Promise<PlannerUpdate> {
    return this.latest(`camera:${id}`, { type: 'rotate-camera', id, headingDeg });
  }

  upsertCamera(camera: Camera): Promise<PlannerUpdate> {
    return this.update({ type: 'upsert-camera', camera });
  }

  removeCamera(id: string): Promise<PlannerUpdate> {
    return this.update({ type: 'remove-camera', id });
  }

  upsertWall(wall: Wall): Promise<PlannerUpdate> {
    return this.update({ type: 'upsert-wall', wall });
  }

  removeWall(id: string): Promise<PlannerUpdate> {
    return this.update({ type: 'remove-wall', id });
  }

  setWalls(walls: Wall[]): Promise<PlannerUpdate> {
    return this.update({ type: 'set-walls', walls });
  }

  setAreas(areas: AreaOfInterest[]): Promise<PlannerUpdate> {
    return this.update({ type: 'set-areas', areas });
  }

  async uncovered(layer: CoverageLayer, areaId?: string): Promise<UncoveredCells> {
    const r = await this.send({ type: 'uncovered', layer, ...(areaId === undefined ? {} : { areaId }) });
    if (r.type !== 'uncovered') throw new GeometryError('protocol', `Expected uncovered cells, got ${r.type}.`);
    return r.cells;
  }

  dispose(): void {
    this.worker.terminate();
    const gone = new GeometryError('disposed', 'The geometry worker was stopped.');
    for (const waiters of this.waiting.values()) for (const w of waiters) w.reject(gone);
    this.waiting.clear();
  }

  private async update(command: PlannerCommand): Promise<PlannerUpdate> {
    return asUpdate(await this.send(command));
  }

  private send(command: PlannerCommand, waiters?: Waiter[]): Promise<PlannerResult> {
    return new Promise((resolve, reject) => {
      const seq = ++this.seq;
      this.waiting.set(seq, [...(waiters ?? []), { resolve, reject }]);
      this.worker.postMessage({ ...command, seq });
    });
  }

  private async latest(key: string, command: PlannerCommand): Promise<PlannerUpdate> {
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { busy: false, next: null };
      this.lanes.set(key, lane);
    }
    if (lane.busy) {
      const queued = lane;
      const result = await new Promise<PlannerResult>((resolve, reject) => {
        const waiters = queued.next?.waiters ?? [];
        waiters.push({ resolve, reject });
        queued.next = { command, waiters };
      });
      return asUpdate(result);
    }
    lane.busy = true;
    try {
      return asUpdate(await this.send(command));
    } finally {
      this.drain(key, lane);
    }
  }

  /** Sends the newest queued command of a lane, if any, once the one before it has answered. */
  private drain(key: string, lane: Lane): void {
    const next = lane.next;
    lane.next = null;
    if (!next) {
      lane.busy = false;
      this.lanes.delete(key);
      return;
    }
    void this.send(next.command, next.waiters).then(
      () => this.drain(key, lane),
      () => this.drain(key, lane),
    );
  }

  private receive(response: PlannerResponse): void {
    const waiters = this.waiting.get(response.seq);
    if (!waiters) return;
    this.waiting.delete(response.seq);
    for (const w of waiters) {
      if (response.type === 'error') w.reject(new GeometryError(response.code, response.message));
      else w.resolve(response);
    }
  }
}

function asUpdate(r: PlannerResult): PlannerUpdate {
  if (r.type !== 'update') throw new GeometryError('protocol', `Expected an update, got ${r.type}.`);
  return { cameras: r.cameras, removed: r.removed, coverage: r.coverage };
}
