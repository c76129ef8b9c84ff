import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Copy, Link2, X } from 'lucide-react';
import type { SharedFileSummary } from '#contracts/files.ts';
import { sharedFileQuery, useCreateLink, useRevokeLink } from './queries.ts';
import { inputClass } from '#ui/styles.ts';
import { Button } from '#ui/Button.tsx';

/** Copies text; false when the browser refuses (no permission, not a secure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A link just made: its URL and whether it reached the clipboard. */
export interface NewLink {
  url: string;
  copied: boolean;
}

/**
 * An admin's download links for one file: make a new one (copied, and shown to copy by hand),
 * and revoke existing ones, which stop working at once. Tokens come from the file's metadata.
 */
export function FileLinks(props: { file: SharedFileSummary; newLink: NewLink | null; onClose: () => void }) {
  const { file } = props;
  const meta = useQuery(sharedFileQuery(file.path));
  const create = useCreateLink();
  const revoke = useRevokeLink();
  const [created, setCreated] = useState<NewLink | null>(props.newLink);

  const newLink = async () => {
    const link = await create.mutateAsync(file.path);
    setCreated({ url: link.url, copied: await copyText(link.url) });
    void meta.refetch();
  };
  const tokens = meta.data?.downloadTokens ?? [];
  const headingId = 'file-links-heading';

  return (
    <section aria-labelledby={headingId} className="mb-6 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <div className="mb-3 flex items-start justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Download links: {file.name}
        </h2>
        <Button variant="secondary" size="sm" onClick={props.onClose} aria-label="Close download links">
          <X aria-hidden className="h-4 w-4" />
        </Button>
      </div>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">Anyone with a link can download this file without signing in, until the link is revoked.</p>
      <Button disabled={create.isPending} onClick={() => void newLink().catch(() => undefined)}>
        <Link2 aria-hidden className="h-4 w-4" /> {create.isPending ? 'Creating link…' : 'Create and copy a new link'}
      </Button>
      {create.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {create.error.message}
        </p>
      )}
      {created && (
        <div className="mt-3">
          <label htmlFor="new-link-url" className="block text-sm font-medium">
            New link
          </label>
          <div className="mt-1 flex gap-2">
            <input id="new-link-url" className={`${inputClass} min-w-0 flex-1 font-mono text-xs`} readOnly value={created.url} onFocus={(e) => e.currentTarget.select()} />
            <Button
 variant="secondary" size="sm"
              onClick={() => void copyText(created.url).then((copied) => setCreated({ ...created, copied }))}
            >
              <Copy aria-hidden className="h-4 w-4" /> Copy
            </Button>
          </div>
          <p role="status" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {created.copied ? 'Link copied to the clipboard.' : 'Select the link and copy it.'}
          </p>
        </div>
      )}
      <h3 className="mt-4 mb-2 text-sm font-semibold">Active links</h3>
      {meta.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          Loading links…
        </p>
      ) : meta.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {meta.error.message}
        </p>
      ) : tokens.length === 0 ? (
        <p className="text-sm text-slate-500">No active links.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800" aria-label="Active links">
          {tokens.map((token, i) => (
            <li key={token} className="flex items-center justify-between gap-2 py-2">
              <span>
                Link {i + 1} <span className="font-mono text-xs text-slate-500">…{token.slice(-6)}</span>
              </span>
              <Button
 variant="danger" size="sm"
                disabled={revoke.isPending}
                aria-label={`Revoke link ${i + 1} (ending ${token.slice(-6)})`}
                onClick={() => {
                  if (window.confirm('Revoke this link? Anyone using it will no longer be able to download the file.')) {
                    revoke.mutate({ path: file.path, token }, { onSuccess: () => void meta.refetch() });
                  }
                }}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      {revoke.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {revoke.error.message}
        </p>
      )}
    </section>
  );
}
