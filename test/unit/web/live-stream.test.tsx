import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { openLiveStream } from '#lib/live-stream.ts';
import { SESSION_POLL_MS, SESSION_STREAM_PROOF_MS, useSessionEvents } from '../../../web/src/features/auth/session-events.ts';
import { SESSION_KEY } from '../../../web/src/features/auth/session.ts';

/** An EventSource stand-in the test pushes server events through. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = 0;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.all.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  push(type: string) {
    if (type === 'open') this.readyState = 1;
    this.dispatchEvent(type === 'open' || type === 'error' ? new Event(type) : new MessageEvent(type, { data: 'x' }));
  }
}

const last = () => FakeEventSource.all.at(-1)!;

describe('a live stream that falls back to polling (R-AUTH-3, R-DB-9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const renderSessionEvents = () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const hook = renderHook(() => useSessionEvents(true), { wrapper });
    const refreshes = () => invalidate.mock.calls.filter(([f]) => JSON.stringify(f?.queryKey) === JSON.stringify(SESSION_KEY)).length;
    return { hook, refreshes };
  };

  it('[R-AUTH-3] no `ready` within a few seconds (a buffering proxy): the stream is closed and the session polled every 20 s', () => {
    const { hook, refreshes } = renderSessionEvents();
    const source = last();
    expect(source.url).toBe('/api/session/events');
    source.push('open');
    vi.advanceTimersByTime(SESSION_STREAM_PROOF_MS - 1);
    expect(refreshes()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    const atFallback = refreshes();
    vi.advanceTimersByTime(SESSION_POLL_MS * 3);
    expect(refreshes() - atFallback).toBe(3);
    expect(SESSION_POLL_MS).toBeGreaterThanOrEqual(15_000);
    expect(SESSION_POLL_MS).toBeLessThanOrEqual(25_000);
    hook.unmount();
    vi.advanceTimersByTime(SESSION_POLL_MS * 3);
    expect(refreshes() - atFallback).toBe(3);
  });

  it('[R-AUTH-3] with `ready` in time the stream stays open, `session` refreshes, and nothing polls', () => {
    const { hook, refreshes } = renderSessionEvents();
    const source = last();
    source.push('open');
    source.push('ready');
    vi.advanceTimersByTime(SESSION_POLL_MS * 3);
    expect(source.readyState).not.toBe(FakeEventSource.CLOSED);
    expect(refreshes()).toBe(0);
    source.push('session');
    expect(refreshes()).toBe(1);
    // dropped and reconnected by the browser: a change may have been missed
    source.push('error');
    source.push('open');
    expect(refreshes()).toBe(2);
    hook.unmount();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('a stream closed for good after it worked (e.g. 401) falls back', () => {
    const onFallback = vi.fn();
    openLiveStream({ url: '/x', handlers: { ready: () => {} }, proofMs: 1000, onFallback });
    const source = last();
    source.push('ready');
    source.readyState = FakeEventSource.CLOSED;
    source.push('error');
    expect(onFallback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(onFallback).toHaveBeenCalledTimes(1);
  });

  it('without EventSource it falls back at once', () => {
    vi.stubGlobal('EventSource', undefined);
    const onFallback = vi.fn();
    openLiveStream({ url: '/x', handlers: {}, proofMs: 1000, onFallback });
    expect(onFallback).toHaveBeenCalledTimes(1);
  });
});
