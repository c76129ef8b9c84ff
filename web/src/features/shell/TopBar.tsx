import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Menu, ShieldCheck, X } from 'lucide-react';
import { ThemeToggle } from '#ui/ThemeToggle.tsx';
import { PUBLIC_LINKS } from './nav-links.ts';
import { useSiteInfo } from './site-info.ts';
import { shellWidth } from './work-layout.ts';
import { useHydrated } from '#lib/hydration.ts';
import { authStateOf, sessionQuery } from '../auth/session.ts';
import { SignInButton } from '../auth/components/SignInButton.tsx';

// Signed-in controls (and the menu library they use) load only for signed-in users, which
// keeps them out of the public entry bundle.
const AvatarMenu = lazy(() => import('../auth/components/AvatarMenu.tsx').then((m) => ({ default: m.AvatarMenu })));
const StaffMenu = lazy(() => import('../auth/components/StaffMenu.tsx').then((m) => ({ default: m.StaffMenu })));
const MobileStaffMenu = lazy(() => import('../auth/components/MobileStaffMenu.tsx').then((m) => ({ default: m.MobileStaffMenu })));

const linkBase = 'rounded-md px-3 py-2 text-sm font-medium transition-colors';
const linkIdle = 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';
const linkActive = 'bg-blue-50 text-blue-700 dark:bg-blue-950 dark:text-blue-300';

/** Stands in for the avatar while the session or the menu code is on its way (R-NAV-9). */
const AvatarPlaceholder = () => <span aria-hidden className="inline-flex h-9 w-9 animate-pulse rounded-full bg-slate-200 dark:bg-slate-800" />;

/** `staffExtras`: what the route layer adds for staff beside the menu (the notification bell). */
export function TopBar({ staffExtras }: { staffExtras?: ReactNode } = {}) {
  const site = useSiteInfo();
  const hydrated = useHydrated();
  const sessionQueryResult = useQuery(sessionQuery);
  // While hydrating, the session is unknown, as in the prerendered HTML.
  const session = hydrated ? sessionQueryResult.data : undefined;
  const sessionPending = !hydrated || sessionQueryResult.isPending;
  const state = authStateOf(session);
  const user = session?.user ?? null;
  const staff = state.kind === 'admin' || state.kind === 'employee';
  const [open, setOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    // Close the mobile menu after navigating.
    setLastPath(pathname);
    setOpen(false);
  }

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <nav aria-label="Main" className={`mx-auto flex h-16 items-center gap-2 px-4 sm:gap-4 ${shellWidth(pathname)}`}>
        <Link to="/" className="flex min-w-0 items-center gap-2 font-semibold text-slate-900 dark:text-white" aria-label={`${site?.name ?? 'Home'} — home`}>
          <ShieldCheck aria-hidden className="h-7 w-7 text-blue-700 dark:text-blue-400" data-testid="brand-shield" />
          <span className={`min-w-[9rem] truncate max-sm:text-[0.8125rem] max-sm:tracking-tight ${staff ? 'md:hidden lg:inline' : ''}`}>{site?.name ?? '\u00a0'}</span>
        </Link>
        <ul className="ml-auto hidden items-center gap-1 md:flex">
          {PUBLIC_LINKS.map((l) => (
            <li key={l.to}>
              <Link
                to={l.to}
                className={`${linkBase} ${linkIdle}`}
                activeProps={{ className: `${linkBase} ${linkActive}`, 'aria-current': 'page' }}
                activeOptions={{ exact: l.to === '/' }}
              >
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-1 md:ml-2">
          {staff && (
            <div className="hidden md:block">
              <Suspense fallback={null}>
                <StaffMenu state={state} />
              </Suspense>
            </div>
          )}
          {staff && staffExtras}
          <ThemeToggle />
          {sessionPending ? (
            <AvatarPlaceholder />
          ) : user === null ? (
            <SignInButton className="hidden md:inline-flex" />
          ) : (
            <Suspense fallback={<AvatarPlaceholder />}>
              <AvatarMenu name={user.name} email={user.email} photoUrl={user.photoUrl} />
            </Suspense>
          )}
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-300 dark:hover:bg-slate-800"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X aria-hidden className="h-6 w-6" /> : <Menu aria-hidden className="h-6 w-6" />}
          </button>
        </div>
      </nav>
      {open && (
        <div id="mobile-menu" className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pb-4 md:hidden dark:border-slate-800 dark:bg-slate-950">
          <ul className="flex flex-col gap-1 pt-2">
            {PUBLIC_LINKS.map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  className={`block ${linkBase} ${linkIdle}`}
                  activeProps={{ className: `block ${linkBase} ${linkActive}`, 'aria-current': 'page' }}
                  activeOptions={{ exact: l.to === '/' }}
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
          {!sessionPending && user === null && <SignInButton label="Sign in with Google" className="mt-3 w-full justify-center" />}
          {staff && (
            <Suspense fallback={null}>
              <MobileStaffMenu state={state} />
            </Suspense>
          )}
        </div>
      )}
    </header>
  );
}
