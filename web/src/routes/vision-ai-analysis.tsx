import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '#lib/api.ts';
import { PageHeading } from '#ui/PageHeading.tsx';
import { ensureStaffSession } from '../features/shell/staff-guard.ts';
import { GuardedRouteError, RequireAccess } from '../features/auth/components/RequireAccess.tsx';
import { AnalysisView } from '../features/vision/AnalysisView.tsx';
import { HistoryList } from '../features/vision/HistoryList.tsx';
import { LinkFields, type LinkValues } from '../features/vision/LinkFields.tsx';
import { UploadPanel } from '../features/vision/UploadPanel.tsx';
import { SourcePicker } from '../features/vision/SourcePicker.tsx';
import { useUploadQueue } from '../features/vision/use-upload-queue.ts';
import { accessQuery, analysisQuery } from '../features/vision/vision-api.ts';

export const Route = createFileRoute('/vision-ai-analysis')({
  beforeLoad: ensureStaffSession,
  errorComponent: GuardedRouteError,
  component: Guarded,
});

function Guarded() {
  return (
    <RequireAccess>
      <Screen />
    </RequireAccess>
  );
}

function Screen() {
  const access = useQuery(accessQuery);
  const error = access.error instanceof ApiRequestError ? access.error : null;
  return (
    <>
      <PageHeading title="Vision-AI analysis">Find people and vehicles in camera images, and check whether a camera reaches DORI recognise or identify where a person stands.</PageHeading>
      {access.isPending && <p role="status">Loading…</p>}
      {error?.status === 401 && (
        <p>
          Please{' '}
          <a className="font-medium text-blue-700 underline dark:text-blue-400" href="/api/auth/login?mode=redirect&returnTo=/vision-ai-analysis">
            sign in
          </a>{' '}
          to analyse images.
        </p>
      )}
      {error?.status === 403 && <p role="alert">Your account does not have the Vision-AI permission. Ask an administrator to grant it.</p>}
      {error && error.status !== 401 && error.status !== 403 && <p role="alert">{error.message}</p>}
      {access.isSuccess && <Workspace />}
    </>
  );
}

function Workspace() {
  const [uploadLinks, setUploadLinks] = useState<LinkValues>({});
  const queue = useUploadQueue(uploadLinks);
  const [selected, setSelected] = useState<{ id: string; key: string | null } | null>(null);
  const current = useQuery({ ...analysisQuery(selected?.id ?? ''), enabled: selected !== null });

  return (
    <div className="grid gap-10 pb-16">
      <div className="grid gap-4">
        <UploadPanel
          items={queue.items}
          finished={queue.finished}
          total={queue.total}
          onFiles={queue.add}
          onRetry={queue.retry}
          onClear={queue.clearFinished}
          selectedKey={selected?.key ?? null}
          onShow={(it) => it.result && setSelected({ id: it.result.id, key: it.key })}
        />
        <details>
          <summary className="cursor-pointer text-sm font-medium">Pick images from a client's jobs or quote request</summary>
          <div className="mt-3">
            <SourcePicker onAnalysed={(a) => setSelected({ id: a.id, key: null })} />
          </div>
        </details>
        <details>
          <summary className="cursor-pointer text-sm font-medium">Link new uploads to a client, site, job or contract (optional)</summary>
          <div className="mt-3">
            <LinkFields idPrefix="upload" value={uploadLinks} onChange={setUploadLinks} />
          </div>
        </details>
      </div>

      {selected && (
        <section aria-labelledby="result-heading" className="grid gap-3">
          <div className="flex items-center justify-between">
            <h2 id="result-heading" className="text-xl font-semibold">
              Result
            </h2>
            <button type="button" className="text-sm underline" onClick={() => setSelected(null)}>
              Close
            </button>
          </div>
          {current.isPending && <p role="status">Loading the analysis…</p>}
          {current.isError && <p role="alert">{current.error.message}</p>}
          {current.data && <AnalysisView key={current.data.id} analysis={current.data} onDeleted={() => setSelected(null)} />}
        </section>
      )}

      <HistoryList selectedId={selected?.id ?? null} onOpen={(a) => setSelected({ id: a.id, key: null })} />
    </div>
  );
}
