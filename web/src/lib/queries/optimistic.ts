import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiRequestError } from '../api.ts';

/**
 * One-click changes (a checklist tick, a status) show at once: every cached answer under
 * `queryKey` is patched by `guess` before the server answers. If the server refuses, the answers
 * go back to what they were and the error names the change that failed (`what`); when it
 * answers, `reconcile` puts its result in place of the guess, and `invalidate` reloads the rest.
 */
export interface OptimisticChange<I, O> {
  queryKey: QueryKey;
  run: (input: I) => Promise<O>;
  /** A cached answer as it looks once the change is made (null: nothing to guess, wait for the server). */
  guess: (input: I) => ((data: unknown) => unknown) | null;
  /** A cached answer with the server's result in it. */
  reconcile?: (result: O) => (data: unknown) => unknown;
  /** The change in a person's words, for the message when it fails ("“Mount panel” was not ticked"). */
  what: (input: I) => string;
  /** What to reload once settled (default: `queryKey`). */
  invalidate?: QueryKey;
}

/** The server's refusal, its message led by what failed; its field messages stay (without repeating the message). */
export function refused(what: string, error: unknown): ApiRequestError {
  if (!(error instanceof ApiRequestError)) return new ApiRequestError(0, { error: { code: 'network', message: `${what}: ${error instanceof Error ? error.message : 'something went wrong.'}` } });
  const fields: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(error.fields)) {
    const rest = v.filter((m) => m !== error.message);
    if (rest.length > 0) fields[k] = rest;
  }
  return new ApiRequestError(error.status, { error: { code: error.code, message: `${what}: ${error.message}`, fields } });
}

export function useOptimisticChange<I, O>(c: OptimisticChange<I, O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => c.run(input).catch((e: unknown) => Promise.reject(refused(c.what(input), e))),
    onMutate: async (input: I) => {
      const patch = c.guess(input);
      if (!patch) return { before: [] as [QueryKey, unknown][] };
      await qc.cancelQueries({ queryKey: c.queryKey });
      const before = qc.getQueriesData({ queryKey: c.queryKey });
      for (const [key, data] of before) if (data !== undefined) qc.setQueryData(key, patch(data));
      return { before };
    },
    onError: (_e, _input, context) => {
      for (const [key, data] of context?.before ?? []) qc.setQueryData(key, data);
    },
    onSuccess: (result: O) => {
      const patch = c.reconcile?.(result);
      if (patch) for (const [key, data] of qc.getQueriesData({ queryKey: c.queryKey })) if (data !== undefined) qc.setQueryData(key, patch(data));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: c.invalidate ?? c.queryKey }),
  });
}
