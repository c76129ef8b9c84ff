import { useEffect, useState } from 'react';
import { UserRound } from 'lucide-react';
import { AVATAR_REFRESH_MS, avatarFallback, photoNeedsRefresh } from '#domain/auth/sign-in-flow.ts';

/**
 * The marker changes once per AVATAR_REFRESH_MS window (R-AUTH-14): the browser may cache the
 * photo within a window and fetches it again after, so a changed profile photo shows up.
 */
export const refreshMarker = (now: number): number => now - (now % AVATAR_REFRESH_MS);

export function withRefreshMarker(url: string, marker: number): string {
  const [base = '', hash] = url.split('#', 2);
  const marked = `${base}${base.includes('?') ? '&' : '?'}v=${marker}`;
  return hash === undefined ? marked : `${marked}#${hash}`;
}

function useRefreshMarker(now: () => number): number {
  const [marker, setMarker] = useState(() => refreshMarker(now()));
  useEffect(() => {
    const t = setInterval(() => {
      const at = now();
      if (photoNeedsRefresh(marker, at)) setMarker(refreshMarker(at));
    }, 30_000);
    return () => clearInterval(t);
  }, [marker, now]);
  return marker;
}

const size = 'h-9 w-9';

/**
 * R-NAV-9: the photo; else up to two initials; else a generic user icon. A failed photo shows
 * the fallback; a pulsing placeholder shows until the photo has loaded. Decorative: the button
 * around it carries the name.
 */
export function Avatar({ name, photoUrl, now = Date.now }: { name: string | null; photoUrl: string | null; now?: () => number }) {
  const marker = useRefreshMarker(now);
  const [failed, setFailed] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  const view = avatarFallback(name, photoUrl, { photoFailed: failed !== null && failed === photoUrl });

  if (view.kind === 'photo') {
    const showing = loaded === view.url;
    return (
      <span className={`relative inline-flex ${size} overflow-hidden rounded-full`} data-avatar={showing ? 'photo' : 'loading'}>
        {!showing && <span aria-hidden className="absolute inset-0 animate-pulse rounded-full bg-slate-300 dark:bg-slate-700" data-testid="avatar-placeholder" />}
        <img
          src={withRefreshMarker(view.url, marker)}
          alt=""
          referrerPolicy="no-referrer"
          className={`${size} rounded-full object-cover ${showing ? '' : 'opacity-0'}`}
          onLoad={() => setLoaded(view.url)}
          onError={() => setFailed(view.url)}
        />
      </span>
    );
  }
  const base = `inline-flex ${size} items-center justify-center rounded-full bg-blue-100 text-sm font-semibold text-blue-800 dark:bg-blue-900 dark:text-blue-100`;
  if (view.kind === 'initials') {
    return (
      <span aria-hidden className={base} data-avatar="initials">
        {view.initials}
      </span>
    );
  }
  return (
    <span aria-hidden className={base} data-avatar="icon">
      <UserRound className="h-5 w-5" data-testid="avatar-icon" />
    </span>
  );
}
