import { useState } from 'react';
import type { InventoryItemDto } from '#contracts/inventory.ts';
import type { CameraGeometry } from '#domain/planner/camera-view.ts';
import { hfovFromLens, itemHfov, removeSelected, updateArea, updateCamera, updateWall, type Drawing, type Selection } from './drawing.ts';
import { NumberInput, smallInputClass } from './NumberInput.tsx';

export const DORI_CHOICES = [
  { value: 'detect', label: 'Detect (25 px/m)' },
  { value: 'observe', label: 'Observe (62.5 px/m)' },
  { value: 'recognise', label: 'Recognise (125 px/m)' },
  { value: 'identify', label: 'Identify (250 px/m)' },
] as const;

const deleteClass = 'mt-2 rounded-md border border-red-300 px-3 py-1 text-sm text-red-700 hover:bg-red-50 dark:border-red-800 dark:text-red-300';

/** The selected camera's, wall's or area's properties; every change is one undo step. */
export function PropertiesPanel(props: {
  drawing: Drawing;
  selection: Selection;
  models: readonly InventoryItemDto[];
  geometry: CameraGeometry | undefined;
  canEdit: boolean;
  onChange(next: Drawing): void;
}) {
  const { drawing: d, selection: s, canEdit } = props;
  if (!s)
    return (
      <div className="space-y-2">
        <PlanNameInput name={d.name} disabled={!canEdit} onCommit={(name) => props.onChange({ ...d, name })} />
        <p className="text-sm text-slate-600 dark:text-slate-400">Select a camera, wall or area to see its properties.</p>
      </div>
    );
  const remove = canEdit && (
    <button type="button" className={deleteClass} onClick={() => props.onChange(removeSelected(d, s))}>
      Delete
    </button>
  );
  if (s.kind === 'wall') {
    const w = d.walls.find((x) => x.id === s.id);
    if (!w) return null;
    return (
      <fieldset disabled={!canEdit} className="space-y-2">
        <legend className="font-semibold">Wall {w.id}</legend>
        <label className="block text-xs font-medium" htmlFor="wall-kind">
          Kind
        </label>
        <select id="wall-kind" className={smallInputClass} value={w.kind} onChange={(e) => props.onChange(updateWall(d, w.id, { kind: e.target.value as 'wall', open: e.target.value === 'door' ? false : undefined }))}>
          <option value="wall">Wall (blocks the view)</option>
          <option value="glass">Glass (see-through)</option>
          <option value="door">Door</option>
        </select>
        {w.kind === 'door' && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={w.open === true} onChange={(e) => props.onChange(updateWall(d, w.id, { open: e.target.checked }))} /> Door open
          </label>
        )}
        <p className="text-xs text-slate-600 dark:text-slate-400">Length {(Math.hypot(w.b.x - w.a.x, w.b.y - w.a.y) * d.metresPerUnit).toFixed(2)} m</p>
        {remove}
      </fieldset>
    );
  }
  if (s.kind === 'area') {
    const a = d.areas.find((x) => x.id === s.id);
    if (!a) return null;
    return (
      <fieldset disabled={!canEdit} className="space-y-2">
        <legend className="font-semibold">Area of interest</legend>
        <label className="block text-xs font-medium" htmlFor="area-name">
          Name
        </label>
        <input id="area-name" className={smallInputClass} defaultValue={a.name ?? ''} maxLength={80} onBlur={(e) => e.target.value !== (a.name ?? '') && props.onChange(updateArea(d, a.id, { name: e.target.value }))} />
        <label className="block text-xs font-medium" htmlFor="area-required">
          Required DORI level
        </label>
        <select id="area-required" className={smallInputClass} value={a.required} onChange={(e) => props.onChange(updateArea(d, a.id, { required: e.target.value as 'detect' }))}>
          {DORI_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        {remove}
      </fieldset>
    );
  }
  const c = d.cameras.find((x) => x.id === s.id);
  if (!c) return null;
  const mpu = d.metresPerUnit;
  const set = (patch: Parameters<typeof updateCamera>[2]) => props.onChange(updateCamera(d, c.id, patch));
  const g = props.geometry;
  return (
    <fieldset disabled={!canEdit} className="space-y-2">
      <legend className="font-semibold">Camera {c.label ?? c.id}</legend>
      <label className="block text-xs font-medium" htmlFor="cam-model">
        Model
      </label>
      <select
        id="cam-model"
        className={smallInputClass}
        value={c.itemId ?? ''}
        onChange={(e) => {
          const item = props.models.find((m) => m.id === e.target.value);
          if (!item) return set({ itemId: null, model: 'Custom lens' });
          const hfov = itemHfov(item);
          set({ itemId: item.id, model: item.name, hres: item.camera?.horizontalResolutionPx ?? c.hres, ...(hfov ? { hfovDeg: Math.round(hfov * 10) / 10 } : {}) });
        }}
      >
        <option value="">Custom lens</option>
        {props.models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name} ({m.sku})
          </option>
        ))}
      </select>
      <div className="grid grid-cols-2 gap-2">
        <NumberInput id="cam-x" label="X (m)" value={c.position.x * mpu} min={-1e5} max={1e5} onCommit={(v) => set({ position: { ...c.position, x: (v ?? 0) / mpu } })} />
        <NumberInput id="cam-y" label="Y (m)" value={c.position.y * mpu} min={-1e5} max={1e5} onCommit={(v) => set({ position: { ...c.position, y: (v ?? 0) / mpu } })} />
        <NumberInput id="cam-heading" label="Heading (°)" value={c.headingDeg} min={-360} max={360} onCommit={(v) => set({ headingDeg: v ?? 0 })} />
        <NumberInput id="cam-hfov" label="Horizontal FOV (°)" value={c.hfovDeg} min={1} max={360} onCommit={(v) => set({ hfovDeg: v ?? 90 })} />
        <NumberInput id="cam-range" label="Range (m)" value={c.rangeM} min={0.1} max={500} optional placeholder={g ? `auto ${g.doriM.detect.toFixed(1)}` : 'auto'} onCommit={(v) => set({ rangeM: v })} />
        <NumberInput id="cam-height" label="Mounting height (m)" value={c.mountHeightM} min={0} max={50} onCommit={(v) => set({ mountHeightM: v ?? 0 })} />
        <NumberInput id="cam-tilt" label="Tilt (° down)" value={c.tiltDeg} min={0} max={90} onCommit={(v) => set({ tiltDeg: v ?? 0 })} />
        <NumberInput id="cam-hres" label="Resolution (px wide)" value={c.hres} min={160} max={16000} onCommit={(v) => set({ hres: Math.round(v ?? 1920) })} />
      </div>
      {canEdit && <LensHelper onUse={(hfov) => set({ hfovDeg: Math.round(hfov * 10) / 10 })} />}
      {g && (
        <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="camera-dori">
          DORI: detect {g.doriM.detect.toFixed(1)} m · observe {g.doriM.observe.toFixed(1)} m · recognise {g.doriM.recognise.toFixed(1)} m · identify {g.doriM.identify.toFixed(1)} m · blind zone {g.blindDistanceM.toFixed(1)} m
        </p>
      )}
      {remove}
    </fieldset>
  );
}

const PLAN_NAME_MAX = 120;

/** The plan's name, committed (one undo step) on Enter or leaving the field; an empty or too long name is refused at the field. */
function PlanNameInput(props: { name: string; disabled: boolean; onCommit(name: string): void }) {
  const [text, setText] = useState(props.name);
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState(props.name);
  if (last !== props.name) {
    // Changed elsewhere (undo, a reload): show it.
    setLast(props.name);
    setText(props.name);
  }
  const commit = () => {
    const name = text.trim();
    if (name === '') return setError('Give the plan a name.');
    if (name.length > PLAN_NAME_MAX) return setError(`Plan name: ${PLAN_NAME_MAX} characters at most (now ${name.length}).`);
    setError(null);
    if (name !== props.name) props.onCommit(name);
  };
  return (
    <div>
      <label htmlFor="plan-rename" className="block text-xs font-medium">
        Plan name
      </label>
      <input
        id="plan-rename"
        className={smallInputClass}
        value={text}
        disabled={props.disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'plan-rename-error' : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      {error && (
        <p id="plan-rename-error" className="mt-1 text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

function LensHelper(props: { onUse(hfov: number): void }) {
  const [focal, setFocal] = useState('2.8');
  const [sensor, setSensor] = useState('5.37');
  const f = Number(focal);
  const w = Number(sensor);
  const ok = f > 0 && w > 0 && f <= 1000 && w <= 100;
  return (
    <div className="rounded border border-slate-200 p-2 dark:border-slate-700">
      <p className="text-xs font-medium">Field of view from the lens</p>
      <div className="grid grid-cols-2 gap-2">
        <label className="text-xs" htmlFor="lens-focal">
          Focal length (mm)
          <input id="lens-focal" className={smallInputClass} value={focal} onChange={(e) => setFocal(e.target.value)} inputMode="decimal" />
        </label>
        <label className="text-xs" htmlFor="lens-sensor">
          Sensor width (mm)
          <input id="lens-sensor" className={smallInputClass} value={sensor} onChange={(e) => setSensor(e.target.value)} inputMode="decimal" />
        </label>
      </div>
      <button type="button" disabled={!ok} className="mt-1 text-sm text-blue-700 underline disabled:opacity-50 dark:text-blue-300" onClick={() => props.onUse(hfovFromLens(f, w))}>
        Use {ok ? `${hfovFromLens(f, w).toFixed(1)}°` : '—'}
      </button>
    </div>
  );
}
