import { useSyncExternalStore } from 'react';

/**
 * The one sign-in problem currently shown to the user (R-AUTH-10, R-AUTH-11). A tiny store so
 * the sign-in button, the redirect-result check and sign-out can all report into one alert.
 */
let current: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showAuthError(message: string): void {
  current = message;
  emit();
}

export function dismissAuthError(): void {
  current = null;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const useAuthError = (): string | null => useSyncExternalStore(subscribe, () => current, () => null);
