import { detectContentType } from '../storage/detect-content-type.ts';

/** The formats the detector accepts (issue 9). */
export const ANALYSABLE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export type ImageType = (typeof ANALYSABLE_IMAGE_TYPES)[number];

const isImageType = (type: string | undefined): type is ImageType => (ANALYSABLE_IMAGE_TYPES as readonly (string | undefined)[]).includes(type);

/**
 * The image type from the file's first bytes (magic numbers, the same sniffing uploads get),
 * never from its name or the Content-Type a client sent. Null for anything but JPEG, PNG, WebP.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const type = detectContentType(bytes);
  return isImageType(type) ? type : null;
}
