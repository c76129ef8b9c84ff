import { useEffect, type ReactNode } from 'react';
import { ErrorComponent, Link, useRouter, useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Lock, ShieldX } from 'lucide-react';
import { permissionLabel } from '#contracts/employees.ts';
import { accessForPath, hasAccess, type Access } from '#domain/auth/menu.ts';
import { ScreenAccessDenied } from '../ensure-session.ts';
import { PageLoader } from '#ui/PageLoader.tsx';
import { authStateOf, sessionQuery } from '../session.ts';
import { SignInButton } from './SignInButton.tsx';

/**
 * R-AUTH-15: a back-office screen shows only to those its path allows (the same table as the
 * server and the menu). Signed out → a sign-in prompt; signed in without access → a clear
 * no-access page. Watching the session means a deactivated employee loses the screen at once.
 */
export function RequireAccess({ children }: { children: ReactNode }) {
  const { data: session, isPending, isError, refetch } = useQuery(sessionQuery);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const access = accessForPath(pathname);
  if (access === null) return children;
  if (isPending) return <PageLoader />;
  if (isError) {
    return (
      <AccessScreen icon={<ShieldX aria-hidden className="h-10 w-10 text-red-600" />} title="Could not check your sign-in">
        <p>The server did not answer. Check your connection and try again.</p>
        <button type="button" onClick={() => void refetch()} className="mt-6 rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800">
          Try again
        </button>
      </AccessScreen>
    );
  }
  const state = authStateOf(session);
  if (state.kind === 'signed-out') {
    return (
      <AccessScreen icon={<Lock aria-hidden className="h-10 w-10 text-blue-700 dark:text-blue-400" />} title="Please sign in">
        <p>This page is for staff. Sign in with your work account to continue.</p>
        <SignInButton className="mt-6" />
      </AccessScreen>
    );
  }
  if (!hasAccess(state, access)) {
    return (
      <AccessScreen icon={<ShieldX aria-hidden className="h-10 w-10 text-red-600" />} title="No access">
        <p data-testid="missing-access">{missingAccessText(access)}</p>
        <Link to="/" className="mt-6 inline-block font-semibold text-blue-700 underline hover:text-blue-900 dark:text-blue-400">
          Go to the home page
        </Link>
      </AccessScreen>
    );
  }
  return children;
}

/** What is missing, in the employee editor's words, and who can change it. */
function missingAccessText(access: Access): string {
  const start = "You don't have access to this page";
  switch (access.kind) {
    case 'permission':
      return `${start}: it needs the “${permissionLabel(access.permission)}” permission. An administrator can turn it on for you in Employee Database → Permissions.`;
    case 'admin':
      return `${start}: it is for administrators only. An administrator can do it for you, or add your account to the administrators.`;
    case 'staff':
      return `${start}: it is for active staff. If your employee record should be active, ask an administrator to re-activate it in Employee Database.`;
    case 'customer':
      return `${start}: it is for customers who signed in with a verified e-mail address.`;
  }
}

/**
 * errorComponent of the guarded routes: the guard (ensureSession) stopped a screen before its
 * loaders ran. The same live check then shows "No access"; when the access comes back while the
 * page is open, the route loads again in place.
 */
export function GuardedRouteError(props: ErrorComponentProps) {
  if (!(props.error instanceof ScreenAccessDenied)) return <ErrorComponent {...props} />;
  return (
    <RequireAccess>
      <ReloadRoute />
    </RequireAccess>
  );
}

function ReloadRoute() {
  const router = useRouter();
  useEffect(() => void router.invalidate(), [router]);
  return <PageLoader />;
}

function AccessScreen({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl py-12 text-center" data-testid="access-screen">
      <div className="flex justify-center">{icon}</div>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      <div className="mt-4 text-lg text-slate-600 dark:text-slate-400">{children}</div>
    </section>
  );
}
