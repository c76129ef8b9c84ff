import { ApiRequestError } from '#lib/api.ts';

/** What a back-office screen shows when its data could not be loaded (signed out, no permission, down). */
export function LoadError({ error }: { error: unknown }) {
  const status = error instanceof ApiRequestError ? error.status : 0;
  const text =
    status === 401
      ? 'Please sign in with a staff account to see this page.'
      : status === 403
        ? 'Your account does not have permission to see this page.'
        : 'This page could not be loaded. Please try again.';
  return (
    <p role="alert" className="rounded-md bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      {text}
    </p>
  );
}
