import { ArrowLeft } from 'lucide-react';

/** "Back to your account" on a public proposal or invoice page, for a signed-in customer of its client (useDocumentViewer); nothing for anyone else. */
export function BackToAccount({ viewer }: { viewer: { clientId: string } | null }) {
  if (!viewer) return null;
  return (
    <p className="mb-4">
      <a className="inline-flex items-center gap-1 font-medium text-blue-700 underline dark:text-blue-300" href={`/portal?client=${encodeURIComponent(viewer.clientId)}`}>
        <ArrowLeft aria-hidden className="h-4 w-4" /> Back to your account
      </a>
    </p>
  );
}
