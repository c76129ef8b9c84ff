/**
 * The drawing surface: an SVG in plan units over the floor-plan image, with pan (drag the
 * background, or the wheel with Shift) and zoom (wheel). Pointer tools draw walls, glass, doors,
 * rectangular areas and the scale line, and place cameras; in select mode cameras drag and their
 * handle rotates them. Geometry comes in ready-made from the worker; this only draws it.
 */
import { memo, useCallback, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { CameraGeometry } from '#domain/planner/camera-view.ts';
import { BAND_COLOURS } from '#domain/planner/dori.ts';
import type { AreaDto, PlanCameraDto, WallDto } from '#contracts/camera-plans.ts';
import { rectOf, type Drawing, type Selection, type Tool } from './drawing.ts';

type Pt = { x: number; y: number };

export interface CanvasProps {
  drawing: Drawing;
  geometries: ReadonlyMap<string, CameraGeometry>;
  /** Areas whose required DORI level is not fully met. */
  unmet: ReadonlySet<string>;
  /** Per unmet area, where it is not seen at its level (an SVG path). */
  uncovered: ReadonlyMap<string, string>;
  floorPlanUrl: string | null;
  tool: Tool;
  canEdit: boolean;
  selection: Selection;
  /** While dragging: the camera's live position (not yet in the drawing). */
  livePositions: ReadonlyMap<string, Pt>;
  liveHeadings: ReadonlyMap<string, number>;
  pendingScale: { a: Pt; b: Pt } | null;
  onSelect(s: Selection): void;
  onDrawSegment(tool: 'wall' | 'glass' | 'door' | 'area' | 'scale', a: Pt, b: Pt): void;
  onPlaceCamera(at: Pt): void;
  onCameraDrag(id: string, at: Pt, phase: 'move' | 'end'): void;
  onCameraRotate(id: string, headingDeg: number, phase: 'move' | 'end'): void;
}

const pathCache = new WeakMap<Float64Array, string>();

function ringPath(ring: Float64Array): string {
  let d = pathCache.get(ring);
  if (d === undefined) {
    const parts: string[] = [];
    for (let i = 0; i < ring.length; i += 2) parts.push(`${i === 0 ? 'M' : 'L'}${ring[i]!.toFixed(3)} ${ring[i + 1]!.toFixed(3)}`);
    d = ring.length >= 6 ? `${parts.join('')}Z` : '';
    pathCache.set(ring, d);
  }
  return d;
}

type Gesture =
  | { kind: 'pan'; start: Pt; view: View; pointer: { x: number; y: number } }
  | { kind: 'segment'; tool: 'wall' | 'glass' | 'door' | 'area' | 'scale'; a: Pt; b: Pt }
  | { kind: 'drag'; id: string; offset: Pt; moved: boolean }
  | { kind: 'rotate'; id: string; centre: Pt };

interface View {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function PlanCanvas(props: CanvasProps) {
  const { drawing, tool, canEdit } = props;
  const b = drawing.bounds;
  const svgRef = useRef<SVGSVGElement>(null);
  const pad = Math.max(b.maxX - b.minX, b.maxY - b.minY) * 0.05;
  const [view, setView] = useState<View>({ x: b.minX - pad, y: b.minY - pad, w: b.maxX - b.minX + 2 * pad, h: b.maxY - b.minY + 2 * pad });
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const unitsPerM = 1 / drawing.metresPerUnit;
  const stroke = view.w / 400;

  const toPlan = useCallback((e: { clientX: number; clientY: number }): Pt => {
    const svg = svgRef.current!;
    const m = svg.getScreenCTM()!.inverse();
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m);
    return { x: p.x, y: p.y };
  }, []);

  const onWheel = (e: React.WheelEvent<SVGSVGElement>) => {
    const p = toPlan(e);
    const k = Math.exp(Math.sign(e.deltaY) * 0.15);
    setView((v) => ({ x: p.x - (p.x - v.x) * k, y: p.y - (p.y - v.y) * k, w: v.w * k, h: v.h * k }));
  };

  const onPointerDown = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (e.button !== 0) return;
    const p = toPlan(e);
    const target = e.target as Element;
    const cameraId = target.closest('[data-camera]')?.getAttribute('data-camera');
    const handleId = target.closest('[data-handle]')?.getAttribute('data-handle');
    svgRef.current!.setPointerCapture(e.pointerId);
    if (canEdit && handleId) {
      const cam = drawing.cameras.find((c) => c.id === handleId)!;
      setGesture({ kind: 'rotate', id: handleId, centre: cam.position });
      return;
    }
    if (cameraId) {
      props.onSelect({ kind: 'camera', id: cameraId });
      if (canEdit && tool === 'select') {
        const cam = drawing.cameras.find((c) => c.id === cameraId)!;
        setGesture({ kind: 'drag', id: cameraId, offset: { x: cam.position.x - p.x, y: cam.position.y - p.y }, moved: false });
      }
      return;
    }
    if (canEdit && (tool === 'wall' || tool === 'glass' || tool === 'door' || tool === 'area' || tool === 'scale')) {
      setGesture({ kind: 'segment', tool, a: p, b: p });
      return;
    }
    if (canEdit && tool === 'camera') {
      props.onPlaceCamera(p);
      return;
    }
    const wallId = target.closest('[data-wall]')?.getAttribute('data-wall');
    const areaId = target.closest('[data-area]')?.getAttribute('data-area');
    if (wallId) props.onSelect({ kind: 'wall', id: wallId });
    else if (areaId) props.onSelect({ kind: 'area', id: areaId });
    else props.onSelect(null);
    setGesture({ kind: 'pan', start: p, view, pointer: { x: e.clientX, y: e.clientY } });
  };

  const onPointerMove = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (!gesture) return;
    if (gesture.kind === 'pan') {
      const rect = svgRef.current!.getBoundingClientRect();
      const k = Math.max(gesture.view.w / rect.width, gesture.view.h / rect.height);
      setView({ ...gesture.view, x: gesture.view.x - (e.clientX - gesture.pointer.x) * k, y: gesture.view.y - (e.clientY - gesture.pointer.y) * k });
      return;
    }
    const p = toPlan(e);
    if (gesture.kind === 'segment') setGesture({ ...gesture, b: p });
    else if (gesture.kind === 'drag') {
      if (!gesture.moved) setGesture({ ...gesture, moved: true });
      props.onCameraDrag(gesture.id, { x: p.x + gesture.offset.x, y: p.y + gesture.offset.y }, 'move');
    } else if (gesture.kind === 'rotate') {
      props.onCameraRotate(gesture.id, headingTo(gesture.centre, p), 'move');
    }
  };

  const onPointerUp = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (!gesture) return;
    const p = toPlan(e);
    if (gesture.kind === 'segment') {
      if (Math.hypot(p.x - gesture.a.x, p.y - gesture.a.y) > stroke * 4) props.onDrawSegment(gesture.tool, gesture.a, p);
    } else if (gesture.kind === 'drag' && gesture.moved) {
      props.onCameraDrag(gesture.id, { x: p.x + gesture.offset.x, y: p.y + gesture.offset.y }, 'end');
    } else if (gesture.kind === 'rotate') {
      props.onCameraRotate(gesture.id, headingTo(gesture.centre, p), 'end');
    }
    setGesture(null);
  };

  const zoom = (k: number) => setView((v) => ({ x: v.x + (v.w * (1 - k)) / 2, y: v.y + (v.h * (1 - k)) / 2, w: v.w * k, h: v.h * k }));

  return (
    <div className="relative h-full min-h-[480px] w-full overflow-hidden rounded-lg border border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-950">
      <svg
        ref={svgRef}
        role="application"
        tabIndex={0}
        aria-label="Floor plan editor. Arrow keys move the selected camera, [ and ] turn it, Delete removes the selection."
        data-testid="plan-canvas"
        className={`h-full min-h-[480px] w-full touch-none select-none ${tool === 'select' ? 'cursor-grab' : 'cursor-crosshair'}`}
        viewBox={`${view.x} ${view.y} ${view.w} ${view.h}`}
        preserveAspectRatio="xMidYMid meet"
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setGesture(null)}
      >
        <defs>
          <pattern id="uncovered-hatch" patternUnits="userSpaceOnUse" width={stroke * 6} height={stroke * 6} patternTransform="rotate(45)">
            <rect width={stroke * 6} height={stroke * 6} fill="#dc262618" />
            <line x1={0} y1={0} x2={0} y2={stroke * 6} stroke="#dc2626" strokeWidth={stroke * 1.5} strokeOpacity={0.6} />
          </pattern>
        </defs>
        <Backdrop bounds={b} url={props.floorPlanUrl} unitsPerM={unitsPerM} stroke={stroke} />
        {drawing.areas.map((a) => (
          <AreaShape key={a.id} area={a} unmet={props.unmet.has(a.id)} selected={props.selection?.kind === 'area' && props.selection.id === a.id} stroke={stroke} />
        ))}
        <g aria-hidden>
          {drawing.cameras.map((c) => {
            const g = props.geometries.get(c.id);
            return g ? <CameraCone key={c.id} geometry={g} /> : null;
          })}
        </g>
        <g aria-hidden>
          {[...props.uncovered].map(([id, d]) => (
            <path key={id} d={d} fill="url(#uncovered-hatch)" data-uncovered={id} />
          ))}
        </g>
        {drawing.walls.map((w) => (
          <WallLine key={w.id} wall={w} stroke={stroke} selected={props.selection?.kind === 'wall' && props.selection.id === w.id} />
        ))}
        {drawing.cameras.map((c) => (
          <CameraMarker
            key={c.id}
            camera={c}
            position={props.livePositions.get(c.id) ?? c.position}
            headingDeg={props.liveHeadings.get(c.id) ?? c.headingDeg}
            size={stroke * 7}
            selected={props.selection?.kind === 'camera' && props.selection.id === c.id}
            canEdit={canEdit}
            onFocus={() => props.onSelect({ kind: 'camera', id: c.id })}
          />
        ))}
        {props.pendingScale && <line x1={props.pendingScale.a.x} y1={props.pendingScale.a.y} x2={props.pendingScale.b.x} y2={props.pendingScale.b.y} stroke="#db2777" strokeWidth={stroke * 1.5} strokeDasharray={`${stroke * 4} ${stroke * 2}`} />}
        {gesture?.kind === 'segment' &&
          (gesture.tool === 'area' ? (
            <rect {...rectOf(gesture.a, gesture.b)} fill="#7c3aed22" stroke="#7c3aed" strokeWidth={stroke} />
          ) : (
            <line x1={gesture.a.x} y1={gesture.a.y} x2={gesture.b.x} y2={gesture.b.y} stroke={gesture.tool === 'scale' ? '#db2777' : '#334155'} strokeWidth={stroke * 2} strokeDasharray={`${stroke * 3} ${stroke * 2}`} />
          ))}
      </svg>
      <div className="absolute right-2 bottom-2 flex gap-1">
        <button type="button" className="rounded border border-slate-300 bg-white px-2 text-lg dark:border-slate-600 dark:bg-slate-800" onClick={() => zoom(0.8)} aria-label="Zoom in">
          +
        </button>
        <button type="button" className="rounded border border-slate-300 bg-white px-2 text-lg dark:border-slate-600 dark:bg-slate-800" onClick={() => zoom(1.25)} aria-label="Zoom out">
          −
        </button>
      </div>
    </div>
  );
}

const headingTo = (c: Pt, p: Pt): number => {
  const deg = (Math.atan2(p.y - c.y, p.x - c.x) * 180) / Math.PI;
  return Math.round(((deg % 360) + 360) % 360);
};

const Backdrop = memo(function Backdrop(props: { bounds: Drawing['bounds']; url: string | null; unitsPerM: number; stroke: number }) {
  const { bounds: b } = props;
  const w = b.maxX - b.minX;
  const h = b.maxY - b.minY;
  if (props.url) return <image href={props.url} x={b.minX} y={b.minY} width={w} height={h} preserveAspectRatio="none" />;
  const lines = [];
  const step = props.unitsPerM;
  if (w / step <= 400 && h / step <= 400) {
    for (let x = b.minX; x <= b.maxX + 1e-9; x += step) lines.push(<line key={`x${x}`} x1={x} y1={b.minY} x2={x} y2={b.maxY} />);
    for (let y = b.minY; y <= b.maxY + 1e-9; y += step) lines.push(<line key={`y${y}`} x1={b.minX} y1={y} x2={b.maxX} y2={y} />);
  }
  return (
    <g>
      <rect x={b.minX} y={b.minY} width={w} height={h} fill="#f8fafc" />
      <g stroke="#e2e8f0" strokeWidth={props.stroke / 2}>
        {lines}
      </g>
    </g>
  );
});

const CameraCone = memo(function CameraCone({ geometry }: { geometry: CameraGeometry }) {
  return (
    <g>
      {geometry.layers.map((ring, i) => (i > 0 && ring === geometry.layers[i - 1] ? null : <path key={i} d={ringPath(ring)} fill={BAND_COLOURS[i]} fillOpacity={0.35} />))}
      <path d={ringPath(geometry.blindZone)} fill="#64748b" fillOpacity={0.35} />
    </g>
  );
});

const WallLine = memo(function WallLine(props: { wall: WallDto; stroke: number; selected: boolean }) {
  const { wall: w, stroke } = props;
  const colour = w.kind === 'glass' ? '#0ea5e9' : w.kind === 'door' ? (w.open ? '#a3a3a3' : '#92400e') : '#0f172a';
  return (
    <g data-wall={w.id}>
      <line x1={w.a.x} y1={w.a.y} x2={w.b.x} y2={w.b.y} stroke="transparent" strokeWidth={stroke * 8} />
      <line
        x1={w.a.x}
        y1={w.a.y}
        x2={w.b.x}
        y2={w.b.y}
        stroke={props.selected ? '#2563eb' : colour}
        strokeWidth={stroke * (w.kind === 'wall' ? 3 : 2)}
        strokeDasharray={w.kind === 'door' && w.open ? `${stroke * 3} ${stroke * 2}` : undefined}
        strokeLinecap="round"
      />
    </g>
  );
});

const AreaShape = memo(function AreaShape(props: { area: AreaDto; unmet: boolean; selected: boolean; stroke: number }) {
  const { area, stroke } = props;
  const points = area.polygon.map((p) => `${p.x},${p.y}`).join(' ');
  const colour = props.unmet ? '#dc2626' : '#7c3aed';
  return (
    <polygon
      data-area={area.id}
      data-unmet={props.unmet ? 'true' : 'false'}
      points={points}
      fill={props.unmet ? '#dc262622' : '#7c3aed14'}
      stroke={props.selected ? '#2563eb' : colour}
      strokeWidth={stroke * 1.5}
      strokeDasharray={`${stroke * 4} ${stroke * 2}`}
    />
  );
});

function CameraMarker(props: { camera: PlanCameraDto; position: Pt; headingDeg: number; size: number; selected: boolean; canEdit: boolean; onFocus(): void }) {
  const { camera: c, position: p, size } = props;
  const rad = (props.headingDeg * Math.PI) / 180;
  const hx = p.x + Math.cos(rad) * size * 3;
  const hy = p.y + Math.sin(rad) * size * 3;
  return (
    <g>
      <g data-camera={c.id} tabIndex={0} role="button" aria-label={`Camera ${c.label ?? c.id}, ${c.model}, heading ${Math.round(props.headingDeg)}°`} aria-pressed={props.selected} onFocus={props.onFocus} className="cursor-move outline-none">
        <circle cx={p.x} cy={p.y} r={size} fill={props.selected ? '#1d4ed8' : '#2563eb'} stroke="#fff" strokeWidth={size / 4} />
        <text x={p.x + size * 1.3} y={p.y - size * 1.3} fontSize={size * 1.6} fill="#1e3a8a" fontWeight="bold">
          {c.label ?? ''}
        </text>
      </g>
      {props.selected && props.canEdit && (
        <g data-handle={c.id} className="cursor-pointer" aria-hidden>
          <line x1={p.x} y1={p.y} x2={hx} y2={hy} stroke="#1d4ed8" strokeWidth={size / 4} />
          <circle cx={hx} cy={hy} r={size * 0.7} fill="#fff" stroke="#1d4ed8" strokeWidth={size / 4} />
        </g>
      )}
    </g>
  );
}
