import type { ReactNode } from 'react';

const URL_IN_TEXT = /https?:\/\/[^\s<>"')]+/g;

/**
 * Text in which this site's own addresses ("http://…/admin/clients/…", written into inbox messages
 * and notices by the server) become links to open in place. Any other address stays plain text: a
 * message a visitor wrote must not hand staff a one-click link to somewhere else.
 */
export function LinkedText({ text, origin = typeof window === 'undefined' ? '' : window.location.origin }: { text: string; origin?: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const raw = match[0].replace(/[.,;:!?]+$/, '');
    const at = match.index ?? 0;
    let url: URL | null = null;
    try {
      url = new URL(raw);
    } catch {
      url = null;
    }
    if (!url || url.origin !== origin) continue;
    parts.push(text.slice(last, at));
    parts.push(
      <a key={at} className="font-medium text-blue-700 underline dark:text-blue-300" href={`${url.pathname}${url.search}${url.hash}`}>
        {raw}
      </a>,
    );
    last = at + raw.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
