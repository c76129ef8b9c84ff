import { useRef, useState } from 'react';
import { ACCEPTED_TYPES, type UploadItem, type UploadStatus } from './use-upload-queue.ts';

const STATUS_TEXT: Record<UploadStatus, string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  analysing: 'Analysing',
  busy: 'Server busy, retrying shortly',
  done: 'Done',
  failed: 'Failed',
};

/** Drop zone + file picker, the per-file queue and the batch progress bar. */
export function UploadPanel(props: {
  items: UploadItem[];
  finished: number;
  total: number;
  onFiles: (files: File[]) => void;
  onRetry: (key: string) => void;
  onClear: () => void;
  onShow: (item: UploadItem) => void;
  selectedKey: string | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const busy = props.total - props.finished;
  return (
    <section aria-labelledby="upload-heading" className="grid gap-4">
      <h2 id="upload-heading" className="text-xl font-semibold">
        Analyse images
      </h2>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          props.onFiles([...e.dataTransfer.files]);
        }}
        className={`rounded-lg border-2 border-dashed p-8 text-center ${over ? 'border-blue-600 bg-blue-50 dark:bg-blue-950' : 'border-slate-300 dark:border-slate-600'}`}
      >
        <p>Drop JPEG, PNG or WebP images here, or</p>
        <label htmlFor="vision-files" className="mt-3 inline-block cursor-pointer rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 focus-within:outline-2 focus-within:outline-blue-600">
          Choose images
          <input
            ref={input}
            id="vision-files"
            type="file"
            multiple
            accept={ACCEPTED_TYPES.join(',')}
            className="sr-only"
            onChange={(e) => {
              props.onFiles([...(e.target.files ?? [])]);
              if (input.current) input.current.value = '';
            }}
          />
        </label>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Each image is analysed on our server; you can keep working while they run.</p>
      </div>

      {props.total > 0 && (
        <div className="grid gap-3">
          <div>
            <label htmlFor="batch-progress" className="text-sm font-medium">
              {busy > 0 ? `Analysing: ${props.finished} of ${props.total} done` : `All ${props.total} finished`}
            </label>
            <progress id="batch-progress" max={props.total} value={props.finished} className="mt-1 block h-3 w-full" />
          </div>
          <ul aria-label="Upload queue" className="grid gap-2">
            {props.items.map((it) => {
              const persons = it.result?.detections.filter((d) => d.label === 'person' && d.score >= 0.3).length;
              return (
                <li key={it.key} className={`flex flex-wrap items-center gap-3 rounded-md border p-2 ${props.selectedKey === it.key ? 'border-blue-600' : 'border-slate-200 dark:border-slate-700'}`}>
                  <span className="min-w-0 flex-1 truncate">{it.file.name}</span>
                  <progress aria-label={`${it.file.name} upload`} max={1} value={it.status === 'waiting' ? 0 : it.progress} className="h-2 w-24" />
                  <span role="status" className={`text-sm ${it.status === 'failed' ? 'text-red-700 dark:text-red-400' : ''}`}>
                    {STATUS_TEXT[it.status]}
                    {it.error ? `: ${it.error}` : ''}
                    {it.status === 'done' && persons !== undefined ? ` · ${persons} ${persons === 1 ? 'person' : 'people'}` : ''}
                  </span>
                  {it.status === 'done' && (
                    <button type="button" className="text-sm font-medium text-blue-700 underline dark:text-blue-400" onClick={() => props.onShow(it)}>
                      Show {it.file.name}
                    </button>
                  )}
                  {it.status === 'failed' && (ACCEPTED_TYPES as readonly string[]).includes(it.file.type) && (
                    <button type="button" className="text-sm font-medium underline" onClick={() => props.onRetry(it.key)}>
                      Retry
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          {busy === 0 && (
            <button type="button" onClick={props.onClear} className="justify-self-start text-sm underline">
              Clear the list
            </button>
          )}
        </div>
      )}
    </section>
  );
}
