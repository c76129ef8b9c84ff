import { useState } from "react";
import { formatDate } from '#ui/dates.ts';
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ImageSourceDto,
  VisionAnalysisDto,
} from "#contracts/vision.ts";
import { apiFetch } from "#lib/api.ts";
import { ClientSitePicker } from '#ui/ClientSitePicker.tsx';
import type { LinkValues } from "./LinkFields.tsx";
import { visionKeys } from "./vision-api.ts";

const sourcesQuery = (clientId: string, siteId: string | undefined) => ({
  queryKey: [...visionKeys.all, "sources", clientId, siteId ?? ""] as const,
  queryFn: () => {
    const p = new URLSearchParams({ clientId });
    if (siteId) p.set("siteId", siteId);
    return apiFetch<{ images: ImageSourceDto[] }>(
      `/api/vision/sources?${p.toString()}`,
    );
  },
});

const when = formatDate;

/**
 * Analyse images that are already here — a client's job photos and the photos of the quote
 * request they came from — without downloading and uploading them again. Picked images are
 * analysed one after another, with progress; the page stays usable meanwhile.
 */
export function SourcePicker(props: {
  onAnalysed: (a: VisionAnalysisDto) => void;
}) {
  const [where, setWhere] = useState<LinkValues>({});
  const [picked, setPicked] = useState<string[]>([]);
  const [progress, setProgress] = useState<{
    done: number;
    total: number;
    failed: string[];
  } | null>(null);
  const qc = useQueryClient();
  const clientId = where.clientId ?? "";
  const sources = useQuery({
    ...sourcesQuery(clientId, where.siteId),
    enabled: clientId !== "",
  });
  const run = useMutation({
    mutationFn: async (refs: string[]) => {
      const failed: string[] = [];
      let last: VisionAnalysisDto | null = null;
      setProgress({ done: 0, total: refs.length, failed });
      for (const [i, ref] of refs.entries()) {
        try {
          last = await apiFetch<VisionAnalysisDto>(
            "/api/vision/analyses/from-source",
            { method: "POST", json: { ref } },
          );
        } catch (e) {
          failed.push(
            `${sources.data?.images.find((s) => s.ref === ref)?.fileName ?? ref}: ${e instanceof Error ? e.message : String(e)}`,
          );
        }
        setProgress({ done: i + 1, total: refs.length, failed: [...failed] });
      }
      return last;
    },
    onSuccess: async (last) => {
      setPicked([]);
      await qc.invalidateQueries({ queryKey: visionKeys.all });
      if (last) props.onAnalysed(last);
    },
  });
  const toggle = (ref: string) =>
    setPicked((p) =>
      p.includes(ref) ? p.filter((r) => r !== ref) : [...p, ref],
    );

  return (
    <div className="grid gap-4">
      <ClientSitePicker
        value={where}
        onChange={(v) => {
          setWhere(v);
          setPicked([]);
        }}
      />
      {clientId !== "" && sources.isPending && (
        <p role="status">Looking for images…</p>
      )}
      {sources.isError && <p role="alert">{sources.error.message}</p>}
      {sources.data && sources.data.images.length === 0 && (
        <p className="text-slate-600 dark:text-slate-400">
          No job or quote-request photos for this client
          {where.siteId ? " and site" : ""} yet.
        </p>
      )}
      {sources.data && sources.data.images.length > 0 && (
        <ul
          className="grid grid-cols-2 gap-3 sm:grid-cols-4"
          aria-label="Images to pick"
        >
          {sources.data.images.map((s) => (
            <li key={s.ref}>
              <label
                className={`block cursor-pointer rounded-lg border p-2 text-xs ${picked.includes(s.ref) ? "border-blue-700 ring-2 ring-blue-700" : "border-slate-200 dark:border-slate-700"}`}
              >
                <img
                  src={s.imageUrl}
                  alt=""
                  loading="lazy"
                  className="mb-1 aspect-video w-full rounded object-cover"
                />
                <span className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    checked={picked.includes(s.ref)}
                    onChange={() => toggle(s.ref)}
                    aria-label={`Pick ${s.fileName ?? s.label} (${s.label})`}
                  />
                  <span>
                    <span className="block font-medium">
                      {s.fileName ?? "Photo"}
                    </span>
                    <span className="block text-slate-600 dark:text-slate-400">
                      {s.label} · {when(s.takenAt)}
                    </span>
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {picked.length > 0 && (
        <button
          type="button"
          className="justify-self-start rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
          disabled={run.isPending}
          onClick={() => run.mutate(picked)}
        >
          Analyse {picked.length} picked image{picked.length === 1 ? "" : "s"}
        </button>
      )}
      {progress && (
        <div className="grid gap-1">
          <progress
            max={progress.total}
            value={progress.done}
            aria-label="Analysing picked images"
            className="w-full"
          />
          <p role="status" className="text-sm">
            {progress.done} of {progress.total} analysed
            {progress.failed.length > 0
              ? `, ${progress.failed.length} failed`
              : ""}
            .
          </p>
          {progress.failed.map((f) => (
            <p
              key={f}
              role="alert"
              className="text-sm text-red-700 dark:text-red-400"
            >
              {f}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}
