import { DomainError } from '../../domain/shared/domain-error.ts';
import { resolveContentType, SNIFF_BYTES } from '../../domain/storage/detect-content-type.ts';
import { isStorageError } from '../../domain/storage/storage-error.ts';
import { checkImageIntake } from '../../domain/storage/image-intake.ts';
import { dateKey } from '../../domain/analytics/page-view.ts';
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '../../contracts/quotes.ts';
import { quoteRequestMail } from '../../domain/mail/quote-request-mail.ts';
import {
  checkPreferredDate,
  isServedPostcode,
  MAX_QUOTE_PHOTOS,
  newQuoteRequest,
  type QuotePhoto,
  type QuoteRequest,
  type QuoteRequestInput,
} from '../../domain/quotes/quote-request.ts';
import type { QuoteDeps } from './quote-deps.ts';
import { postcodeFormatProblem } from '../../domain/quotes/postcode-format.ts';

export const QUOTE_PHOTO_FOLDER = 'quote-photos';
const QUOTE_PHOTO_TYPES = PHOTO_TYPES;
const MAX_QUOTE_PHOTO_BYTES = MAX_PHOTO_BYTES;

export interface PhotoUpload {
  data: Uint8Array;
  declaredType: string | undefined;
  fileName: string | undefined;
}

export interface SubmitQuoteRequestDeps extends QuoteDeps {
  /** The notification is queued with the lead (the outbox retries delivery); only failing to store it is logged, the lead is kept. */
  onMailError: (err: unknown, leadId: string) => void;
}

const photoError = (message: string) => new DomainError('validation', message, { photos: [message] });

/** Field checks that need configuration or the clock, all reported together. */
function checkInput(deps: SubmitQuoteRequestDeps, input: QuoteRequestInput, photos: PhotoUpload[]): void {
  const fields: Record<string, string[]> = {};
  // The format first: a mistyped ZIP code is not "outside our service area".
  const format = deps.locale === undefined ? null : postcodeFormatProblem(input.postcode, deps.locale);
  if (format !== null) fields.postcode = [format];
  else if (!isServedPostcode(input.postcode, deps.servicePostcodes)) {
    fields.postcode = ['Sorry, this postcode is outside our service area. Call us: we may still be able to help or refer you.'];
  }
  try {
    checkPreferredDate(input.preferredDate, dateKey(deps.clock.now(), deps.timeZone));
  } catch (err) {
    if (err instanceof DomainError && err.fields) Object.assign(fields, err.fields);
    else throw err;
  }
  if (photos.length > MAX_QUOTE_PHOTOS) fields.photos = [`Attach at most ${MAX_QUOTE_PHOTOS} photos.`];
  if (Object.keys(fields).length > 0) throw new DomainError('validation', 'Some fields need attention.', fields);
}

/** The photo's type from its bytes (a declared type must agree), limited to photo formats. */
function photoType(photo: PhotoUpload): string {
  if (photo.data.byteLength === 0) throw photoError(`${photo.fileName ?? 'A photo'} is empty.`);
  if (photo.data.byteLength > MAX_QUOTE_PHOTO_BYTES) throw photoError(`${photo.fileName ?? 'A photo'} is larger than 5 MB.`);
  let type: string;
  try {
    type = resolveContentType({ declared: photo.declaredType, head: photo.data.subarray(0, SNIFF_BYTES), allowed: QUOTE_PHOTO_TYPES });
  } catch (err) {
    if (isStorageError(err)) throw photoError(`${photo.fileName ?? 'A photo'} is not a JPEG, PNG, WebP or HEIC photo.`);
    throw err;
  }
  checkImageIntake(photo.data, { subject: photo.fileName ?? 'A photo', field: 'photos' });
  return type;
}

/**
 * A visitor's free-quote request: checked, photos stored, saved as a 'new' lead, and the office
 * told by mail. Photos already stored are removed again when the lead cannot be saved.
 * Access: public (the website's quote form), so it takes no auth.
 */
export async function submitQuoteRequest(deps: SubmitQuoteRequestDeps, input: QuoteRequestInput, uploads: PhotoUpload[]): Promise<QuoteRequest> {
  checkInput(deps, input, uploads);
  const types = uploads.map(photoType);
  const stored: QuotePhoto[] = [];
  try {
    for (const [i, photo] of uploads.entries()) {
      const file = await deps.files.upload({
        folder: QUOTE_PHOTO_FOLDER,
        data: photo.data,
        contentType: types[i],
        ...(photo.fileName ? { fileName: photo.fileName } : {}),
        limits: { maxBytes: MAX_QUOTE_PHOTO_BYTES, allowedContentTypes: QUOTE_PHOTO_TYPES },
      });
      stored.push({ path: file.fullPath, contentType: file.contentType, size: file.size, fileName: photo.fileName ?? null });
    }
    const lead = await deps.leads.add(newQuoteRequest(input, stored, deps.ids.next(), deps.clock.now()));
    try {
      if (deps.notify) await deps.notify({ kind: 'quote-requested', lead });
      else await deps.mailer.enqueue({ ...quoteRequestMail(lead, deps.office), kind: 'quote-notification' as const, about: [{ type: 'lead' as const, id: lead.id, label: lead.name }] }, `quote-request:${lead.id}:office`);
    } catch (err) {
      deps.onMailError(err, lead.id);
    }
    return lead;
  } catch (err) {
    await Promise.allSettled(stored.map((p) => deps.files.delete(p.path)));
    throw err;
  }
}
