import { useMemo, useState } from 'react';
import { formatDateTime } from '#ui/dates.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DetectionDto, VisionAnalysisDto, VisionLinkField } from '#contracts/vision.ts';
import { VISION_LINK_FIELDS } from '#contracts/vision.ts';
import { countByLabel } from '#domain/vision/detection-counts.ts';
import { estimateDori } from '#domain/vision/dori.ts';
import { DEFAULT_MIN_SCORE, STORED_MIN_SCORE } from '#domain/vision/vision-analysis.ts';
import type { Detection } from '#domain/vision/object-detector.ts';
import { ApiRequestError } from '#lib/api.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { DetectionOverlay, colourOf } from './DetectionOverlay.tsx';
import { LinkFields, type LinkValues } from './LinkFields.tsx';
import { deleteAnalysis, updateAnalysis, visionKeys } from './vision-api.ts';

const pct = (score: number) => `${Math.round(score * 100)}%`;

const linksOf = (a: VisionAnalysisDto): LinkValues =>
  Object.fromEntries(VISION_LINK_FIELDS.map((f) => [f, a[f] ?? ''])) as Record<VisionLinkField, string>;

/** One analysis: boxes over the image, the confidence slider, counts, DORI per person, "Save to…". */
export function AnalysisView(props: { analysis: VisionAnalysisDto; onDeleted?: () => void }) {
  const a = props.analysis;
  const [minScore, setMinScore] = useState(DEFAULT_MIN_SCORE);
  const shown = useMemo(() => a.detections.filter((d) => d.score >= minScore), [a.detections, minScore]);
  const counts = useMemo(() => Object.entries(countByLabel(a.detections as Detection[], minScore)).sort((x, y) => (y[1] ?? 0) - (x[1] ?? 0)), [a.detections, minScore]);
  const doriOf = (d: DetectionDto) => (d.label === 'person' ? estimateDori({ imageHeightPx: a.height, personBoxHeightPx: d.box.height }) : null);
  const captionOf = (d: DetectionDto) => {
    const dori = doriOf(d);
    return `${d.label} ${pct(d.score)}${dori ? ` · ${dori.level ?? 'below detect'}` : ''}`;
  };

  const queryClient = useQueryClient();
  const [links, setLinks] = useState<LinkValues>(() => linksOf(a));
  const [note, setNote] = useState(a.note ?? '');
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () => updateAnalysis(a.id, { ...Object.fromEntries(VISION_LINK_FIELDS.map((f) => [f, links[f]?.trim() || null])), note: note.trim() || null }),
    onSuccess: (updated) => {
      setSaved(true);
      queryClient.setQueryData(visionKeys.detail(a.id), updated);
      void queryClient.invalidateQueries({ queryKey: visionKeys.lists() });
    },
  });
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteAnalysis(a.id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: visionKeys.detail(a.id) });
      void queryClient.invalidateQueries({ queryKey: visionKeys.lists() });
      props.onDeleted?.();
    },
  });
  const saveErrors = save.error instanceof ApiRequestError ? save.error.fields : {};
  const sliderId = `min-score-${a.id}`;

  return (
    <article aria-labelledby={`analysis-${a.id}`} className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div>
        <h3 id={`analysis-${a.id}`} className="mb-2 text-lg font-semibold">
          {a.fileName}
        </h3>
        <DetectionOverlay src={a.imageUrl} alt={`Analysed image ${a.fileName}`} width={a.width} height={a.height} detections={shown} captionOf={captionOf} />
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {a.width} × {a.height} px · model {a.model} at {a.inputSize} px · {a.timeMs} ms · by {a.createdBy.name}, {formatDateTime(a.createdAt)}
        </p>
      </div>
      <div className="grid content-start gap-5">
        <div>
          <label htmlFor={sliderId} className="block text-sm font-medium">
            Minimum confidence: <output htmlFor={sliderId}>{pct(minScore)}</output>
          </label>
          <input id={sliderId} type="range" min={STORED_MIN_SCORE} max={0.95} step={0.05} value={minScore} onChange={(e) => setMinScore(Number(e.target.value))} className="mt-1 w-full" />
        </div>
        <section aria-label="Counts">
          <h4 className="font-semibold">Found</h4>
          {counts.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">Nothing at this confidence.</p>
          ) : (
            <ul className="mt-1 flex flex-wrap gap-2">
              {counts.map(([label, n]) => (
                <li key={label} data-testid={`count-${label}`} className="rounded-full border border-slate-300 px-3 py-1 text-sm dark:border-slate-600">
                  <span aria-hidden className={`mr-1 inline-block h-2 w-2 rounded-full ${label === 'person' ? 'bg-orange-500' : 'bg-cyan-400'}`} />
                  {label}: <strong data-testid={`count-${label}-value`}>{n}</strong>
                </li>
              ))}
            </ul>
          )}
        </section>
        <details>
          <summary className="cursor-pointer font-semibold">Detections ({shown.length})</summary>
          <table className="mt-2 w-full text-left text-sm [&_td]:py-0.5 [&_td]:pr-3 [&_th]:pr-3">
            <thead>
              <tr>
                <th scope="col">Label</th>
                <th scope="col">Confidence</th>
                <th scope="col">Box (px)</th>
                <th scope="col">DORI here</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((d, i) => {
                const dori = doriOf(d);
                return (
                  <tr key={i}>
                    <td>
                      <span aria-hidden className="mr-1" style={{ color: colourOf(d.label) }}>
                        ■
                      </span>
                      {d.label}
                    </td>
                    <td>{pct(d.score)}</td>
                    <td>
                      {d.box.width} × {d.box.height}
                    </td>
                    <td>
                      {dori
                        ? `${dori.level ?? 'below detect'} (${Math.round(dori.pixelsPerMetre)} px/m${dori.next ? `; ${dori.next.level} needs ${dori.next.pixelsPerMetre}` : ''})`
                        : '—'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="mt-1 text-xs text-slate-500">DORI assumes a 1.7 m person; a person cut off by the frame gives a lower bound.</p>
        </details>
        <form
          aria-label="Save to"
          className="grid gap-3 rounded-md border border-slate-200 p-4 dark:border-slate-700"
          onSubmit={(e) => {
            e.preventDefault();
            setSaved(false);
            save.mutate();
          }}
        >
          <h4 className="font-semibold">Save to…</h4>
          <LinkFields idPrefix={`link-${a.id}`} value={links} onChange={setLinks} errors={saveErrors} />
          <div>
            <label htmlFor={`note-${a.id}`} className="block text-sm font-medium">
              Note
            </label>
            <textarea id={`note-${a.id}`} rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900" />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" disabled={save.isPending} className="rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60">
              {save.isPending ? 'Saving…' : 'Save links'}
            </button>
            <button type="button" onClick={() => setConfirming(true)} className="rounded-md border border-red-700 px-4 py-2 font-medium text-red-700 dark:text-red-400">
              Delete analysis
            </button>
            <p role="status" className="text-sm">
              {saved ? 'Saved.' : ''}
            </p>
          </div>
          {(save.error ?? remove.error) && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {(save.error ?? remove.error)?.message}
            </p>
          )}
        </form>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete this analysis?"
        message={`${a.fileName} and its detections will be deleted for good.`}
        confirmLabel="Delete"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate();
        }}
      />
    </article>
  );
}
