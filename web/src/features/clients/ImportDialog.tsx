import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CLIENT_IMPORT_FIELDS, CSV_IMPORT_MAX_BYTES, type ClientImportColumn, type ClientImportPreview } from '#contracts/clients.ts';
import { ApiRequestError, apiFetch } from '#lib/api.ts';
import { CLIENTS_KEY } from '#lib/queries/clients.ts';
import { Button } from '#ui/Button.tsx';
import { ErrorNote } from '#ui/FormError.tsx';

/** POSTs JSON with upload progress (fetch cannot report it). */
function postWithProgress<T>(url: string, body: unknown, csrf: string, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('x-csrf-token', csrf);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      const parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as T);
      else reject(new ApiRequestError(xhr.status, parsed));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, null));
    xhr.send(JSON.stringify(body));
  });
}

type Mapping = Record<string, ClientImportColumn | 'ignore'>;

/**
 * CSV import: pick a file, see which column each header fills (map or ignore the ones not
 * recognised), every row checked and the rows that look like existing clients (nothing is
 * written), then import in one step — the server refuses the whole file if any row is wrong, so
 * nothing is half-imported.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<ClientImportPreview | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ created: number; skipped: number } | null>(null);

  const check = async (text: string, map: Mapping) => {
    try {
      setPreview(await apiFetch<ClientImportPreview>('/api/clients/import/preview', { method: 'POST', json: { csv: text, mapping: map } }));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not check the file.');
    }
  };

  const choose = async (file: File | undefined) => {
    setPreview(null);
    setError(null);
    setDone(null);
    setMapping({});
    if (!file) return;
    if (file.size > CSV_IMPORT_MAX_BYTES) return setError('The file is too large (2 MB at most). Split it into smaller files.');
    const text = await file.text();
    setCsv(text);
    setFileName(file.name);
    await check(text, {});
  };

  const remap = async (header: string, to: string) => {
    const next: Mapping = { ...mapping };
    if (to === '') delete next[header];
    else next[header] = to as ClientImportColumn | 'ignore';
    setMapping(next);
    if (csv) await check(csv, next);
  };

  const commit = async () => {
    if (!csv) return;
    setError(null);
    setProgress(0);
    try {
      const { csrfToken } = await apiFetch<{ csrfToken: string }>('/api/session');
      const res = await postWithProgress<{ created: number; skipped: number }>('/api/clients/import/commit', { csv, mapping, skipDuplicates }, csrfToken, (f) =>
        setProgress(Math.min(0.95, f * 0.9)),
      );
      setProgress(1);
      setDone(res);
      await queryClient.invalidateQueries({ queryKey: CLIENTS_KEY });
    } catch (e) {
      setProgress(null);
      setError(e instanceof Error ? e.message : 'The import failed; nothing was imported.');
    }
  };

  const toImport = preview ? preview.valid - (skipDuplicates ? preview.duplicates : 0) : 0;
  const unrecognised = preview?.columns.filter((c) => !c.recognised || mapping[c.header] !== undefined) ?? [];

  return (
    <div role="dialog" aria-modal="true" aria-labelledby="import-title" className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/40 p-4">
      <div className="mt-16 w-full max-w-4xl rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900">
        <h2 id="import-title" className="text-xl font-semibold">
          Import clients from CSV
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          One row per client. Usual headers are recognised (Name, E-mail, Phone, Address, City, State, ZIP…); you can map the others below. Lists use “;”. The export has the same
          format.{' '}
          <a className="font-medium text-blue-700 underline dark:text-blue-400" href="/api/clients/import/template.csv" download>
            Download a template CSV
          </a>
        </p>
        <input type="file" accept=".csv,text/csv" aria-label="CSV file" className="mt-4 block max-w-full text-sm" onChange={(e) => void choose(e.target.files?.[0])} />
        {error && (
          <div className="mt-3">
            <ErrorNote>{error}</ErrorNote>
          </div>
        )}
        {preview && (
          <div className="mt-4 grid gap-3">
            {preview.fileErrors.map((m) => (
              <ErrorNote key={m}>{m}</ErrorNote>
            ))}
            {preview.unmapped.length > 0 && (
              <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                Not imported unless you map them: {preview.unmapped.map((h) => `“${h}”`).join(', ')}. Choose a field for each below, or “Ignore this column”.
              </p>
            )}
            {unrecognised.length > 0 && (
              <fieldset className="grid gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-800">
                <legend className="px-1 text-sm font-semibold">Columns to map</legend>
                {unrecognised.map((c) => (
                  <label key={c.header} className="grid gap-1 text-sm sm:grid-cols-[14rem_1fr] sm:items-center">
                    <span className="break-words font-medium">“{c.header}”</span>
                    <select
                      aria-label={`Column “${c.header}”`}
                      className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
                      value={mapping[c.header] ?? ''}
                      onChange={(e) => void remap(c.header, e.target.value)}
                    >
                      <option value="">Choose a field…</option>
                      <option value="ignore">Ignore this column</option>
                      {CLIENT_IMPORT_FIELDS.map((f) => (
                        <option key={f.column} value={f.column}>
                          {f.label}
                        </option>
                      ))}
                    </select>
                  </label>
                ))}
              </fieldset>
            )}
            {preview.columns.some((c) => c.recognised && c.column && mapping[c.header] === undefined) && (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Recognised:{' '}
                {preview.columns
                  .filter((c) => c.column && mapping[c.header] === undefined)
                  .map((c) => `${c.header} → ${CLIENT_IMPORT_FIELDS.find((f) => f.column === c.column)?.label ?? c.column}`)
                  .join(', ')}
              </p>
            )}
            <p className="text-sm" role="status">
              {fileName}: {preview.total} rows, {preview.valid} ready, {preview.invalid} with errors, {preview.duplicates} possible duplicates.
              {preview.invalid > 0 && ' Fix the rows with errors and choose the file again; nothing is imported until every row is right.'}
            </p>
            {preview.duplicates > 0 && (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={skipDuplicates} onChange={(e) => setSkipDuplicates(e.target.checked)} /> Skip the {preview.duplicates} rows that look like clients already
                there (same e-mail or phone)
              </label>
            )}
            <div className="max-h-80 overflow-auto rounded border border-slate-200 dark:border-slate-800">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <thead className="sticky top-0 bg-slate-50 dark:bg-slate-800">
                  <tr>
                    <th className="px-2 py-1">Line</th>
                    <th className="px-2 py-1">Name</th>
                    <th className="px-2 py-1">Kind</th>
                    <th className="px-2 py-1">E-mail</th>
                    <th className="px-2 py-1">Problems</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((r) => {
                    const problems = Object.entries(r.errors);
                    return (
                      <tr key={r.line} className={problems.length ? 'bg-red-50 dark:bg-red-950' : r.duplicate ? 'bg-amber-50 dark:bg-amber-950' : ''}>
                        <td className="px-2 py-1">{r.line}</td>
                        <td className="px-2 py-1">{r.name}</td>
                        <td className="px-2 py-1">{r.kind}</td>
                        <td className="break-words px-2 py-1">{r.email}</td>
                        <td className="px-2 py-1 text-red-800 dark:text-red-300">
                          {problems.map(([col, msgs]) => `${col}: ${msgs.join(' ')}`).join('; ') || (r.duplicate ? <span className="text-amber-900 dark:text-amber-200">Duplicate? {r.duplicate}</span> : '✓')}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </div>
        )}
        {progress !== null && (
          <div className="mt-4">
            <progress className="w-full" max={1} value={progress} aria-label="Import progress" />
            <p className="text-sm" role="status">
              {done !== null ? `Imported ${done.created} clients${done.skipped ? `; skipped ${done.skipped} duplicates` : ''}.` : 'Importing…'}
            </p>
          </div>
        )}
        <div className="mt-5 flex flex-wrap gap-3">
          <Button disabled={!preview || toImport <= 0 || preview.invalid > 0 || preview.fileErrors.length > 0 || progress !== null} onClick={() => void commit()}>
            {preview ? `Import ${toImport} client${toImport === 1 ? '' : 's'}` : 'Import'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {done !== null ? 'Close' : 'Cancel'}
          </Button>
        </div>
      </div>
    </div>
  );
}
