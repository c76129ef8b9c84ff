import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ClientImportPreview } from '#contracts/clients.ts';
import { CSV_IMPORT_MAX_BYTES } from '#contracts/clients.ts';
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

/**
 * CSV import: pick a file, see every row checked (nothing is written), then import all rows in
 * one step — the server refuses the whole file if any row is wrong, so nothing is half-imported.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<ClientImportPreview | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);

  const choose = async (file: File | undefined) => {
    setPreview(null);
    setError(null);
    setDone(null);
    if (!file) return;
    if (file.size > CSV_IMPORT_MAX_BYTES) return setError('The file is too large (2 MB at most). Split it into smaller files.');
    const text = await file.text();
    setCsv(text);
    setFileName(file.name);
    try {
      setPreview(await apiFetch<ClientImportPreview>('/api/clients/import/preview', { method: 'POST', json: { csv: text } }));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not check the file.');
    }
  };

  const commit = async () => {
    if (!csv) return;
    setError(null);
    setProgress(0);
    try {
      const { csrfToken } = await apiFetch<{ csrfToken: string }>('/api/session');
      const res = await postWithProgress<{ created: number }>('/api/clients/import/commit', { csv }, csrfToken, (f) => setProgress(Math.min(0.95, f * 0.9)));
      setProgress(1);
      setDone(res.created);
      await queryClient.invalidateQueries({ queryKey: CLIENTS_KEY });
    } catch (e) {
      setProgress(null);
      setError(e instanceof Error ? e.message : 'The import failed; nothing was imported.');
    }
  };

  return (
    <div role="dialog" aria-modal="true" aria-labelledby="import-title" className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/40 p-4">
      <div className="mt-16 w-full max-w-4xl rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900">
        <h2 id="import-title" className="text-xl font-semibold">
          Import clients from CSV
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Columns: kind, name, company, contact_name, contact_role, email, phone, address_line1, address_line2, city, region, postcode, country, tags, source, notes, site_label,
          site_address_line1, site_city, site_region, site_postcode. Lists use “;”. The export has the same format.
        </p>
        <input type="file" accept=".csv,text/csv" aria-label="CSV file" className="mt-4 block text-sm" onChange={(e) => void choose(e.target.files?.[0])} />
        {error && (
          <div className="mt-3">
            <ErrorNote>{error}</ErrorNote>
          </div>
        )}
        {preview && (
          <div className="mt-4">
            {preview.fileErrors.map((m) => (
              <ErrorNote key={m}>{m}</ErrorNote>
            ))}
            <p className="text-sm" role="status">
              {fileName}: {preview.total} rows, {preview.valid} ready, {preview.invalid} with errors.
              {preview.invalid > 0 && ' Fix the rows with errors and choose the file again; nothing is imported until every row is right.'}
            </p>
            <div className="mt-2 max-h-80 overflow-auto rounded border border-slate-200 dark:border-slate-800">
              <table className="min-w-full text-left text-sm">
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
                      <tr key={r.line} className={problems.length ? 'bg-red-50 dark:bg-red-950' : ''}>
                        <td className="px-2 py-1">{r.line}</td>
                        <td className="px-2 py-1">{r.name}</td>
                        <td className="px-2 py-1">{r.kind}</td>
                        <td className="px-2 py-1">{r.email}</td>
                        <td className="px-2 py-1 text-red-800 dark:text-red-300">{problems.map(([col, msgs]) => `${col}: ${msgs.join(' ')}`).join('; ') || '✓'}</td>
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
              {done !== null ? `Imported ${done} clients.` : 'Importing…'}
            </p>
          </div>
        )}
        <div className="mt-5 flex gap-3">
          <Button disabled={!preview || preview.valid === 0 || preview.invalid > 0 || preview.fileErrors.length > 0 || progress !== null} onClick={() => void commit()}>
            {preview ? `Import ${preview.valid} clients` : 'Import'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {done !== null ? 'Close' : 'Cancel'}
          </Button>
        </div>
      </div>
    </div>
  );
}
