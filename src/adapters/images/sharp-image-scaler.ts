/**
 * Scaling before an image is printed or analysed (the image-intake rule,
 * domain/storage/image-intake.ts): the header is checked first, so an image over the pixel
 * limit is never decoded, and sharp is held to the same limit in case a header lies.
 */
import sharp from 'sharp';
import { EMBED_LONG_SIDE_PX, imageSize, MAX_IMAGE_PIXELS, type ImageSize } from '../../domain/storage/image-intake.ts';

export interface ScaledImage extends ImageSize {
  bytes: Uint8Array;
  contentType: 'image/png' | 'image/jpeg';
}

/**
 * A copy whose longer side is at most `longSide` pixels, upright: PNG for PNG (plans are line
 * drawings; transparency flattened onto white), JPEG for anything else. Throws for an image over
 * MAX_IMAGE_PIXELS or one whose size cannot be read.
 */
export async function scaleImage(bytes: Uint8Array, longSide = EMBED_LONG_SIDE_PX): Promise<ScaledImage> {
  const size = imageSize(bytes);
  if (!size) throw new Error('the image size cannot be read from its header');
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw new Error(`the image is ${size.width} × ${size.height} pixels, over the ${MAX_IMAGE_PIXELS}-pixel limit`);
  const png = bytes[0] === 0x89;
  const pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', sequentialRead: true })
    .rotate()
    .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' });
  const { data, info } = await (png ? pipeline.png() : pipeline.jpeg({ quality: 85 })).toBuffer({ resolveWithObject: true });
  return { bytes: new Uint8Array(data), contentType: png ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
}
