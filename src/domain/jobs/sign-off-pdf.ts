import type { Job } from './job.ts';

/**
 * A completed job's sign-off as a PDF the customer keeps (what was done, the equipment, who
 * signed and when, the signature): the one renderer, used by the "job completed" mail
 * (docs/notifications.md) and the client hub's download (docs/portal.md).
 */
export interface SignOffPdf {
  render(
    job: Job,
    signaturePng: Uint8Array | null,
    company: { name: string; address: string; phone: string; email: string },
    format: { locale: string; timeZone: string },
    technicians?: string[],
  ): Promise<Uint8Array>;
}
