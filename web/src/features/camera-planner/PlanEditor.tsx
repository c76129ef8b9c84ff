import { useQuery } from '@tanstack/react-query';
import { Download, Redo2, Save, Undo2, Upload } from 'lucide-react';
import type { CameraPlanDto } from '#contracts/camera-plans.ts';
import { BAND_COLOURS, DORI_LEVELS, DORI_PIXELS_PER_METRE } from '#domain/planner/dori.ts';
import { BomPanel } from './BomPanel.tsx';
import { CoverageTable } from './CoverageTable.tsx';
import { PlanCanvas } from './PlanCanvas.tsx';
import { PropertiesPanel } from './PropertiesPanel.tsx';
import { toolsOf } from './plan-editor-state.ts';
import { planQuery } from './queries.ts';
import { smallInputClass } from './NumberInput.tsx';
import { usePlanEditor } from './use-plan-editor.ts';

const toolClass = (active: boolean) =>
  `rounded-md border px-2.5 py-1 text-sm ${active ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100'}`;
const panelClass = 'rounded-lg border border-slate-200 p-3 dark:border-slate-800';

export function PlanEditor(props: { id: string; onClose(): void }) {
  const plan = useQuery(planQuery(props.id));
  if (plan.isPending) return <p className="text-slate-600 dark:text-slate-400">Loading the plan…</p>;
  if (plan.isError) return <p role="alert" className="text-red-700 dark:text-red-300">{plan.error.message}</p>;
  return <LoadedEditor key={plan.data.id} plan={plan.data} onClose={props.onClose} />;
}

/** The editor of one loaded plan; its state and edits live in usePlanEditor (plan-editor-state.ts). */
function LoadedEditor(props: { plan: CameraPlanDto; onClose(): void }) {
  const { state, dispatch, drawing: d, dirty, models, geo, unmet, fileRef, ...on } = usePlanEditor(props.plan);
  const { plan, tool, selection, pendingScale, message } = state;
  const canEdit = plan.canEdit;
  const selectedGeometry = selection?.kind === 'camera' ? geo.geometries.get(selection.id) : undefined;
  const scaleMissing = plan.floorPlan !== null && d.scale === null;

  return (
    <div onKeyDown={on.keyDown}>
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
              <button type="button" className={toolClass(false)} onClick={() => dispatch({ type: 'undo' })} disabled={state.history.past.length === 0} aria-label="Undo (Ctrl+Z)">
                <Undo2 aria-hidden className="h-4 w-4" />
              </button>
              <button type="button" className={toolClass(false)} onClick={() => dispatch({ type: 'redo' })} disabled={state.history.future.length === 0} aria-label="Redo (Ctrl+Shift+Z)">
                <Redo2 aria-hidden className="h-4 w-4" />
              </button>
              <label className={`${toolClass(false)} inline-flex cursor-pointer items-center gap-1`}>
                <Upload aria-hidden className="h-4 w-4" /> Floor plan (PNG, JPEG or PDF)
                <input ref={fileRef} type="file" accept="image/png,image/jpeg,application/pdf" className="sr-only" data-testid="floor-plan-input" onChange={(e) => e.target.files?.[0] && void on.upload(e.target.files[0])} />
              </label>
              <button type="button" className="inline-flex items-center gap-1 rounded-md bg-blue-700 px-3 py-1 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60" onClick={() => void on.save()} disabled={!dirty || state.busy}>
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
          {toolsOf(plan).map((t) => (
            <button key={t.tool} type="button" className={toolClass(tool === t.tool)} aria-pressed={tool === t.tool} onClick={() => dispatch({ type: 'tool', tool: t.tool })} title={`${t.label} (${t.key.toUpperCase()})`}>
              {t.label}
            </button>
          ))}
          {tool === 'camera' && (
            <label className="ml-2 text-sm">
              Model{' '}
              <select className="rounded border border-slate-300 px-1 py-1 text-sm dark:border-slate-600 dark:bg-slate-800" value={state.modelId} onChange={(e) => dispatch({ type: 'model', modelId: e.target.value })} aria-label="Camera model to place">
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
            <input id="scale-distance" className={smallInputClass} value={state.scaleText} onChange={(e) => dispatch({ type: 'scale-text', text: e.target.value })} inputMode="decimal" autoFocus onKeyDown={(e) => e.key === 'Enter' && dispatch({ type: 'apply-scale' })} />
          </label>
          <button type="button" className="rounded-md bg-pink-700 px-3 py-1.5 text-sm font-semibold text-white" onClick={() => dispatch({ type: 'apply-scale' })}>
            Apply scale
          </button>
          <button type="button" className="text-sm underline" onClick={() => dispatch({ type: 'cancel-scale' })}>
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
            livePositions={state.live.positions}
            liveHeadings={state.live.headings}
            pendingScale={pendingScale}
            onSelect={on.select}
            onDrawSegment={on.drawSegment}
            onPlaceCamera={on.placeCamera}
            onCameraDrag={on.cameraDrag}
            onCameraRotate={on.cameraRotate}
          />
          <Legend />
        </div>
        <aside className="space-y-3" aria-label="Plan details">
          <section className={panelClass} aria-labelledby="props-h">
            <h3 id="props-h" className="mb-2 font-semibold">
              Properties
            </h3>
            <PropertiesPanel drawing={d} selection={selection} models={models} geometry={selectedGeometry} canEdit={canEdit} onChange={on.change} />
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
  { colour: BAND_COLOURS[0], label: 'In view' },
  ...DORI_LEVELS.map((level, i) => ({ colour: BAND_COLOURS[i + 1], label: `${level[0]!.toUpperCase()}${level.slice(1)} ${DORI_PIXELS_PER_METRE[level]} px/m` })),
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
