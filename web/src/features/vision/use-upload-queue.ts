import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { VisionAnalysisDto } from '#contracts/vision.ts';
import { UploadError, uploadImage, visionKeys, type UploadLinks } from './vision-api.ts';

export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Two requests at a time: the server's pool works on them while the page stays responsive. */
const CONCURRENCY = 2;
const MAX_BUSY_RETRIES = 5;

export type UploadStatus = 'waiting' | 'uploading' | 'analysing' | 'busy' | 'done' | 'failed';

export interface UploadItem {
  key: string;
  file: File;
  status: UploadStatus;
  /** Upload progress 0–1. */
  progress: number;
  result: VisionAnalysisDto | null;
  error: string | null;
}

let counter = 0;

/** A queue of images, each its own request; failures stay in the list with their reason. */
export function useUploadQueue(links: UploadLinks) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const running = useRef(0);
  const linksRef = useRef(links);
  const queryClient = useQueryClient();
  useEffect(() => {
    linksRef.current = links;
  }, [links]);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((it) => (it.key === key ? { ...it, ...change } : it)));
  }, []);

  const run = useCallback(
    async (item: UploadItem) => {
      for (let attempt = 0; ; attempt++) {
        try {
          patch(item.key, { status: 'uploading', progress: 0, error: null });
          const result = await uploadImage(item.file, linksRef.current, (sent) =>
            patch(item.key, sent >= 1 ? { progress: 1, status: 'analysing' } : { progress: sent }),
          );
          patch(item.key, { status: 'done', progress: 1, result });
          void queryClient.invalidateQueries({ queryKey: visionKeys.lists() });
          return;
        } catch (e) {
          if (e instanceof UploadError && e.status === 429 && attempt < MAX_BUSY_RETRIES) {
            patch(item.key, { status: 'busy', error: null });
            await new Promise((r) => setTimeout(r, (e.retryAfter ?? 3) * 1000));
            continue;
          }
          patch(item.key, { status: 'failed', error: e instanceof Error ? e.message : 'The analysis failed.' });
          return;
        }
      }
    },
    [patch, queryClient],
  );

  // Start waiting items while fewer than CONCURRENCY run.
  useEffect(() => {
    const waiting = items.filter((it) => it.status === 'waiting');
    for (const item of waiting) {
      if (running.current >= CONCURRENCY) break;
      running.current += 1;
      setItems((list) => list.map((it) => (it.key === item.key ? { ...it, status: 'uploading' } : it)));
      void run(item).finally(() => {
        running.current -= 1;
        // Nudge the effect so the next waiting item starts.
        setItems((list) => [...list]);
      });
    }
  }, [items, run]);

  const add = useCallback((files: Iterable<File>) => {
    const next: UploadItem[] = [];
    for (const file of files) {
      counter += 1;
      const accepted = (ACCEPTED_TYPES as readonly string[]).includes(file.type);
      next.push({
        key: `u${counter}`,
        file,
        status: accepted ? 'waiting' : 'failed',
        progress: 0,
        result: null,
        error: accepted ? null : 'Only JPEG, PNG and WebP images can be analysed.',
      });
    }
    setItems((list) => [...list, ...next]);
  }, []);

  const retry = useCallback((key: string) => patch(key, { status: 'waiting', error: null, progress: 0 }), [patch]);
  const clearFinished = useCallback(() => setItems((list) => list.filter((it) => it.status !== 'done' && it.status !== 'failed')), []);

  const finished = items.filter((it) => it.status === 'done' || it.status === 'failed').length;
  return { items, add, retry, clearFinished, finished, total: items.length };
}
