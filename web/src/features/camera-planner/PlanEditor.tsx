import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Redo2, Save, Undo2, Upload } from 'lucide-react';
import type { CameraPlanDto } from '../../../../src/contracts/camera-plans.ts';
import { apiFetch, ApiRequestError } from '../../lib/api.ts';
import { useUnsavedChangesWarning } from '../../ui/unsaved-changes.ts';
import { BomPanel } from './BomPanel.tsx';
import { CoverageTable } from './CoverageTable.tsx';
import { asSave, commit, drawingOf, newCamera, nextId, redo, startHistory, undo, updateCamera, removeSelected, type Drawing, type History, type Selection } from './drawing.ts';
import { PlanCanvas, rectOf, type Tool } from './PlanCanvas.tsx';
import { PropertiesPanel } from './PropertiesPanel.tsx';
import { cameraModelsQuery, PLANS_KEY, planQuery } from './queries.ts';
import { smallInputClass } from './NumberInput.tsx';
import { MET_PERCENT, usePlanGeometry } from './use-plan-geometry.ts';

type Pt = { x: number; y: number };

const TOOLS: { tool: Tool; label: string; key: string }[] = [
  { tool: 'select', label: 'Select / move', key: 'v' },
  { tool: 'wall', label: 'Wall', key: 'w' },
  { tool: 'glass', label: 'Glass', key: 'g' },
  { tool: 'door', label: 'Door', key: 'd' },
  { tool: 'area', label: 'Area of interest', key: 'a' },
  { tool: 'camera', label: 'Camera', key: 'c' },
  { tool: 'scale', label: 'Set scale', key: 's' },
];

const toolClass = (active: boolean) =>
  `rounded-md border px-2.5 py-1 text-sm ${active ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100'}`;
const panelClass = 'rounded-lg border border-slate-200 p-3 dark:border-slate-800';

export function PlanEditor(props: { id: string; onClose(): void }) {
  const plan = useQuery(planQuery(props.id));
  if (plan.isPending) return <p className="text-slate-600 dark:text-slate-400">Loading the plan…</p>;
  if (plan.isError) return <p role="alert" className="text-red-700 dark:text-red-300">{plan.error.message}</p>;
  return <LoadedEditor key={plan.data.id} plan={plan.data} onClose={props.onClose} />;
}

function LoadedEditor(props: { plan: CameraPlanDto; onClose(): void }) {
  const queryClient = useQueryClient();
  const [plan, setPlan] = useState(props.plan);
  const [history, setHistory] = useState<History>(() => startHistory(drawingOf(props.plan)));
  const [saved, setSaved] = useState<Drawing>(history.present);
  const [tool, setTool] = useState<Tool>('select');
  const [selection, setSelection] = useState<Selection>(null);
  const [live, setLive] = useState<{ positions: Map<string, Pt>; headings: Map<string, number> }>({ positions: new Map(), headings: new Map() });
  const [pendingScale, setPendingScale] = useState<{ a: Pt; b: Pt } | null>(null);
  const [scaleText, setScaleText] = useState('');
  const [modelId, setModelId] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const models = useQuery(cameraModelsQuery).data ?? [];
  const d = history.present;
  const dirty = d !== saved;
  const canEdit = plan.canEdit;
  useUnsavedChangesWarning(dirty && canEdit);
  const geo = usePlanGeometry(d);
  const unmet = useMemo(() => new Set((geo.coverage?.areas ?? []).filter((a) => a.requiredPercent < MET_PERCENT).map((a) => a.id)), [geo.coverage]);

  const change = useCallback((next: Drawing) => setHistory((h) => commit(h, next)), []);

  const onDrawSegment = (kind: 'wall' | 'glass' | 'door' | 'area' | 'scale', a: Pt, b: Pt) => {
    if (kind === 'scale') {
      setPendingScale({ a, b });
      setScaleText('');
      return;
    }
    if (kind === 'area') {
      const r = rectOf(a, b);
      const id = nextId('a', d.areas);
      const polygon = [
        { x: r.x, y: r.y },
        { x: r.x + r.width, y: r.y },
        { x: r.x + r.width, y: r.y + r.height },
        { x: r.x, y: r.y + r.height },
      ];
      change({ ...d, areas: [...d.areas, { id, name: `Area ${d.areas.length + 1}`, polygon, required: 'observe' }] });
      setSelection({ kind: 'area', id });
      return;
    }
    const id = nextId('w', d.walls);
    change({ ...d, walls: [...d.walls, { id, a, b, kind, ...(kind === 'door' ? { open: false } : {}) }] });
  };

  const onPlaceCamera = (at: Pt) => {
    const id = nextId('c', d.cameras);
    const item = models.find((m) => m.id === modelId) ?? null;
    change({ ...d, cameras: [...d.cameras, newCamera(id, d.cameras.length + 1, at, item)] });
    setSelection({ kind: 'camera', id });
  };

  /** A drag or turn: live through the worker while it lasts, one undo step when it ends. */
  const liveEdit = <K extends 'positions' | 'headings'>(kind: K, id: string, value: K extends 'positions' ? Pt : number, phase: 'move' | 'end') => {
    setLive((l) => {
      const next = new Map<string, Pt | number>(l[kind]);
      if (phase === 'move') next.set(id, value);
      else next.delete(id);
      return { ...l, [kind]: next };
    });
    if (phase === 'move') {
      if (kind === 'positions') geo.move(id, value as Pt);
      else geo.rotate(id, value as number);
    } else {
      change(updateCamera(d, id, kind === 'positions' ? { position: value as Pt } : { headingDeg: value as number }));
    }
  };
  const onCameraDrag = (id: string, at: Pt, phase: 'move' | 'end') => liveEdit('positions', id, at, phase);
  const onCameraRotate = (id: string, headingDeg: number, phase: 'move' | 'end') => liveEdit('headings', id, headingDeg, phase);

  const applyScale = () => {
    const distanceM = Number(scaleText);
    if (!pendingScale || !(distanceM > 0 && distanceM <= 10_000)) {
      setMessage({ kind: 'error', text: 'Enter the real distance between the two points, in metres (more than 0).' });
      return;
    }
    const len = Math.hypot(pendingScale.b.x - pendingScale.a.x, pendingScale.b.y - pendingScale.a.y);
    change({ ...d, scale: { ...pendingScale, distanceM }, metresPerUnit: distanceM / len });
    setPendingScale(null);
    setTool('select');
    setMessage({ kind: 'ok', text: `Scale set: ${(len / distanceM).toFixed(1)} px per metre.` });
  };

  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const next = await apiFetch<CameraPlanDto>(`/api/camera-plans/${encodeURIComponent(plan.id)}`, { method: 'PUT', json: asSave(d, plan.version) });
      setPlan(next);
      setSaved(d);
      queryClient.setQueryData(planQuery(plan.id).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: [...PLANS_KEY, 'list'] });
      setMessage({ kind: 'ok', text: `Saved (version ${next.version}).` });
    } catch (e) {
      setMessage({ kind: 'error', text: e instanceof ApiRequestError ? e.message : 'Could not save the plan.' });
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File) => {
    const drawn = d.walls.length + d.cameras.length + d.areas.length > 0;
    if (drawn && !window.confirm('A new floor plan starts a fresh drawing: the walls, cameras and areas drawn so far are removed. Continue?')) return;
    if (dirty && !window.confirm('Unsaved changes will be lost. Continue?')) return;
    setBusy(true);
    setMessage(null);
    try {
      const form = new FormData();
      form.set('version', String(plan.version));
      form.set('file', file, file.name);
      const next = await apiFetch<CameraPlanDto>(`/api/camera-plans/${encodeURIComponent(plan.id)}/floor-plan`, { method: 'PUT', body: form });
      const fresh = drawingOf(next);
      setPlan(next);
      setHistory(startHistory(fresh));
      setSaved(fresh);
      setSelection(null);
      setTool('scale');
      setMessage({ kind: 'ok', text: 'Floor plan uploaded. Now set its scale: drag between two points whose distance you know.' });
      queryClient.setQueryData(planQuery(plan.id).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: [...PLANS_KEY, 'list'] });
    } catch (e) {
      setMessage({ kind: 'error', text: e instanceof ApiRequestError ? e.message : 'Could not upload the floor plan.' });
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const t = e.target as HTMLElement;
    if (t.closest('input, select, textarea')) return;
    const ctrl = e.ctrlKey || e.metaKey;
    if (ctrl && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      setHistory((h) => (e.shiftKey ? redo(h) : undo(h)));
      return;
    }
    if (ctrl && e.key.toLowerCase() === 'y') {
      e.preventDefault();
      setHistory(redo);
      return;
    }
    if (e.key === 'Escape') {
      setSelection(null);
      setPendingScale(null);
      setTool('select');
      return;
    }
    if (!canEdit || ctrl || e.altKey) return;
    const cam = selection?.kind === 'camera' ? d.cameras.find((c) => c.id === selection.id) : undefined;
    if ((e.key === 'Delete' || e.key === 'Backspace') && selection) {
      e.preventDefault();
      change(removeSelected(d, selection));
      setSelection(null);
      return;
    }
    const step = (e.shiftKey ? 1 : 0.1) / d.metresPerUnit;
    const moves: Record<string, Pt> = { ArrowLeft: { x: -step, y: 0 }, ArrowRight: { x: step, y: 0 }, ArrowUp: { x: 0, y: -step }, ArrowDown: { x: 0, y: step } };
    const mv = moves[e.key];
    if (cam && mv) {
      e.preventDefault();
      change(updateCamera(d, cam.id, { position: { x: cam.position.x + mv.x, y: cam.position.y + mv.y } }));
      return;
    }
    if (cam && (e.key === '[' || e.key === ']')) {
      e.preventDefault();
      change(updateCamera(d, cam.id, { headingDeg: (cam.headingDeg + (e.key === ']' ? 5 : -5) + 360) % 360 }));
      return;
    }
    const t2 = TOOLS.find((x) => x.key === e.key.toLowerCase() && (x.tool !== 'scale' || plan.floorPlan));
    if (t2 && !e.shiftKey) setTool(t2.tool);
  };

  const selectedGeometry = selection?.kind === 'camera' ? geo.geometries.get(selection.id) : undefined;
  const scaleMissing = plan.floorPlan !== null && d.scale === null;

  return (
    <div onKeyDown={onKeyDown}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div>
          <button type="button" className="text-sm text-blue-700 underline dark:text-blue-300" onClick={props.onClose}>
            ← All plans
          </button>
          <h2 className="text-xl font-semibold">
            {d.name} <span className="text-sm font-normal text-slate-600 dark:text-slate-400">· {[plan.clientName, plan.siteLabel].filter(Boolean).join(' · ')} · version {plan.version}</span>
          </h2>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {canEdit && (
            <>
              <button type="button" className={toolClass(false)} onClick={() => setHistory(undo)} disabled={history.past.length === 0} aria-label="Undo (Ctrl+Z)">
                <Undo2 aria-hidden className="h-4 w-4" />
              </button>
              <button type="button" className={toolClass(false)} onClick={() => setHistory(redo)} disabled={history.future.length === 0} aria-label="Redo (Ctrl+Shift+Z)">
                <Redo2 aria-hidden className="h-4 w-4" />
              </button>
              <label className={`${toolClass(false)} inline-flex cursor-pointer items-center gap-1`}>
                <Upload aria-hidden className="h-4 w-4" /> Floor plan (PNG, JPEG or PDF)
                <input ref={fileRef} type="file" accept="image/png,image/jpeg,application/pdf" className="sr-only" data-testid="floor-plan-input" onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
              </label>
              <button type="button" className="inline-flex items-center gap-1 rounded-md bg-blue-700 px-3 py-1 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60" onClick={() => void save()} disabled={!dirty || busy}>
                <Save aria-hidden className="h-4 w-4" /> {dirty ? 'Save' : 'Saved'}
              </button>
            </>
          )}
          <a href={`/api/camera-plans/${encodeURIComponent(plan.id)}/pdf`} download className={`${toolClass(false)} inline-flex items-center gap-1`} aria-disabled={dirty}>
            <Download aria-hidden className="h-4 w-4" /> Export PDF
          </a>
        </div>
      </div>
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={`mb-2 rounded-md px-3 py-2 text-sm ${message.kind === 'error' ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200' : 'bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200'}`}>
          {message.text}
        </p>
      )}
      {dirty && <p className="mb-2 text-xs text-amber-800 dark:text-amber-300">Unsaved changes — the PDF and the bill of materials show the saved version.</p>}
      {scaleMissing && <p className="mb-2 text-sm text-amber-800 dark:text-amber-300">Set the scale: choose “Set scale”, drag between two points whose distance you know, and type it in.</p>}
      {geo.error && <p role="alert" className="mb-2 text-sm text-red-700">{geo.error}</p>}
      {canEdit && (
        <div role="toolbar" aria-label="Drawing tools" className="mb-2 flex flex-wrap items-center gap-1">
          {TOOLS.filter((t) => t.tool !== 'scale' || plan.floorPlan).map((t) => (
            <button key={t.tool} type="button" className={toolClass(tool === t.tool)} aria-pressed={tool === t.tool} onClick={() => setTool(t.tool)} title={`${t.label} (${t.key.toUpperCase()})`}>
              {t.label}
            </button>
          ))}
          {tool === 'camera' && (
            <label className="ml-2 text-sm">
              Model{' '}
              <select className="rounded border border-slate-300 px-1 py-1 text-sm dark:border-slate-600 dark:bg-slate-800" value={modelId} onChange={(e) => setModelId(e.target.value)} aria-label="Camera model to place">
                <option value="">Custom lens</option>
                {models.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
      {pendingScale && (
        <div className="mb-2 flex flex-wrap items-end gap-2 rounded-md bg-pink-50 p-2 dark:bg-pink-950">
          <label className="text-sm" htmlFor="scale-distance">
            Real distance between the marked points (m)
            <input id="scale-distance" className={smallInputClass} value={scaleText} onChange={(e) => setScaleText(e.target.value)} inputMode="decimal" autoFocus onKeyDown={(e) => e.key === 'Enter' && applyScale()} />
          </label>
          <button type="button" className="rounded-md bg-pink-700 px-3 py-1.5 text-sm font-semibold text-white" onClick={applyScale}>
            Apply scale
          </button>
          <button type="button" className="text-sm underline" onClick={() => setPendingScale(null)}>
            Cancel
          </button>
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="h-[70vh]">
          <PlanCanvas
            key={`${d.bounds.minX},${d.bounds.minY},${d.bounds.maxX},${d.bounds.maxY}`}
            drawing={d}
            geometries={geo.geometries}
            unmet={unmet}
            uncovered={geo.uncovered}
            floorPlanUrl={plan.floorPlan?.url ?? null}
            tool={tool}
            canEdit={canEdit}
            selection={selection}
            livePositions={live.positions}
            liveHeadings={live.headings}
            pendingScale={pendingScale}
            onSelect={setSelection}
            onDrawSegment={onDrawSegment}
            onPlaceCamera={onPlaceCamera}
            onCameraDrag={onCameraDrag}
            onCameraRotate={onCameraRotate}
          />
          <Legend />
        </div>
        <aside className="space-y-3" aria-label="Plan details">
          <section className={panelClass} aria-labelledby="props-h">
            <h3 id="props-h" className="mb-2 font-semibold">
              Properties
            </h3>
            <PropertiesPanel drawing={d} selection={selection} models={models} geometry={selectedGeometry} canEdit={canEdit} onChange={change} />
          </section>
          <section className={panelClass} aria-labelledby="cov-h">
            <h3 id="cov-h" className="mb-2 font-semibold">
              Coverage
            </h3>
            <CoverageTable coverage={geo.coverage} />
          </section>
          <section className={panelClass} aria-labelledby="bom-h">
            <h3 id="bom-h" className="mb-2 font-semibold">
              Bill of materials
            </h3>
            <BomPanel plan={plan} version={plan.version} dirty={dirty} canEdit={canEdit} />
          </section>
        </aside>
      </div>
    </div>
  );
}

const LEGEND = [
  { colour: '#93c5fd', label: 'In view' },
  { colour: '#86efac', label: 'Detect 25 px/m' },
  { colour: '#fde047', label: 'Observe 62.5 px/m' },
  { colour: '#fdba74', label: 'Recognise 125 px/m' },
  { colour: '#f87171', label: 'Identify 250 px/m' },
  { colour: '#64748b', label: 'Blind zone under the camera' },
  { colour: '#dc2626', label: 'Area short of its DORI level (hatched: not seen at it)' },
];

function Legend() {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300" aria-label="Legend">
      {LEGEND.map((l) => (
        <li key={l.label} className="flex items-center gap-1">
          <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ background: l.colour, opacity: 0.7 }} />
          {l.label}
        </li>
      ))}
      <li>Walls black, glass blue, doors brown (dashed when open).</li>
    </ul>
  );
}
