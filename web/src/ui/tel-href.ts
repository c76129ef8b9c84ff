/**
 * `tel:` link for a displayed phone number (the one place the SPA builds them): digits and a
 * leading + only, and an extension typed after the number ("555-201-4477 ext 9", "x9", "ext. 9",
 * "extension 9", "#9") as RFC 3966's `;ext=9`, so the dialler calls the number, then the extension.
 */
const EXTENSION = /\s*(?:,|;)?\s*(?:ext\.?|extension|x|#)\s*(\d+)\s*$/i;

export function telHref(phone: string): string {
  const ext = EXTENSION.exec(phone);
  const number = (ext ? phone.slice(0, ext.index) : phone).replace(/[^\d+]/g, '');
  return `tel:${number}${ext ? `;ext=${ext[1]}` : ''}`;
}
