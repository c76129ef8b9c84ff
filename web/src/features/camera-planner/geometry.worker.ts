/**
 * The camera planner's geometry runs here, off the UI thread: one PlannerEngine per worker,
 * one reply per request (see src/domain/planner/planner-protocol.ts).
 */
import { PlannerEngine } from '#domain/planner/planner-engine.ts';
import { handlePlannerRequest } from '#domain/planner/planner-protocol.ts';
import type { PlannerRequest, PlannerResponse } from '#domain/planner/planner-protocol.ts';

interface WorkerScope {
  addEventListener(type: 'message', listener: (event: { data: PlannerRequest }) => void): void;
  postMessage(message: PlannerResponse): void;
}

const scope = self as unknown as WorkerScope;
const engine = new PlannerEngine();

scope.addEventListener('message', (event) => {
  scope.postMessage(handlePlannerRequest(engine, event.data));
});
