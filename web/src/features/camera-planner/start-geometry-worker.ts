import { GeometryClient } from './geometry-client.ts';

/** Starts the geometry worker (Vite bundles it from this `new Worker(new URL(…))` form). */
export function startGeometryWorker(): GeometryClient {
  return new GeometryClient(new Worker(new URL('./geometry.worker.ts', import.meta.url), { type: 'module' }));
}
