/**
 * schema.org data as a `<script type="application/ld+json">` data block. It is not a script the
 * browser runs, so the CSP (no inline scripts) does not apply to it; the e2e test checks that
 * Chromium reports no violation. `<` is escaped so review text can never close the element.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
