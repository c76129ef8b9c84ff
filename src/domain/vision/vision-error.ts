import { DomainError, type DomainErrorCode } from '../shared/domain-error.ts';

/**
 * Why an analysis failed. The `code` (and so the HTTP status) follows from the reason:
 * bad input → validation (400), queue full → rate-limited (429), time-out or a
 * detector that cannot run → unavailable (503).
 */
export type VisionErrorReason = 'unsupported-image' | 'corrupt-image' | 'queue-full' | 'timeout' | 'detector-unavailable';

const CODE_BY_REASON = {
  'unsupported-image': 'validation',
  'corrupt-image': 'validation',
  'queue-full': 'rate-limited',
  timeout: 'unavailable',
  'detector-unavailable': 'unavailable',
} as const satisfies Record<VisionErrorReason, DomainErrorCode>;

export class VisionError extends DomainError {
  readonly reason: VisionErrorReason;

  constructor(reason: VisionErrorReason, message: string) {
    super(CODE_BY_REASON[reason], message);
    this.name = 'VisionError';
    this.reason = reason;
  }
}

export const isVisionError = (e: unknown): e is VisionError => e instanceof VisionError;
