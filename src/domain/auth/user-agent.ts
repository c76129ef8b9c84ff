/**
 * Phone-or-tablet detection from the user-agent string (R-AUTH-9, and the analytics device
 * type). Sign-in and analytics share it so a device is "mobile" in the same way for both.
 *
 * iPadOS 13+ Safari in its default "desktop" mode reports itself as a Mac; only the touch-point
 * count tells it apart, so callers that have it (`navigator.maxTouchPoints`) pass it in.
 */
const MOBILE_UA =
  /Android|webOS|iPhone|iPad|iPod|BlackBerry|BB10|IEMobile|Windows Phone|Opera Mini|Mobile|Tablet|Silk|Kindle|PlayBook/i;

export interface DeviceHints {
  /** `navigator.maxTouchPoints`, when known. */
  maxTouchPoints?: number;
}

export function isMobileUserAgent(userAgent: string | null | undefined, hints: DeviceHints = {}): boolean {
  const ua = userAgent ?? '';
  if (MOBILE_UA.test(ua)) return true;
  return /Macintosh/i.test(ua) && (hints.maxTouchPoints ?? 0) > 1;
}
