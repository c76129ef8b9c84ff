import { LogIn } from 'lucide-react';
import { preloadSignIn, useSignIn } from '../use-sign-in.ts';

const preload = () => void preloadSignIn().catch(() => {});

/** R-NAV-8: 'Sign in' in the bar, 'Sign in with Google' in the mobile menu. */
export function SignInButton({ label = 'Sign in', className = '' }: { label?: string; className?: string }) {
  const { start, pending } = useSignIn();
  return (
    <button
      type="button"
      onClick={start}
      onPointerEnter={preload}
      onPointerDown={preload}
      onFocus={preload}
      disabled={pending}
      aria-busy={pending}
      className={`${/\b(hidden|flex|inline-flex)\b/.test(className) ? '' : 'inline-flex'} shrink-0 items-center gap-2 whitespace-nowrap rounded-md bg-blue-700 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-70 dark:bg-blue-600 dark:hover:bg-blue-500 ${className}`}
    >
      <LogIn aria-hidden className="h-4 w-4" />
      {label}
      {pending && <span className="sr-only"> (signing in…)</span>}
    </button>
  );
}
