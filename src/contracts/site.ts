import { z } from 'zod';

/** Public facts about the business the SPA shows in the bar and footer (from config). */
export const siteInfoSchema = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  copyrightYear: z.number().int(),
  serviceArea: z.string(),
  /** Street address shown on the Contact page (no map). */
  address: z.string(),
  /** How money is shown (CURRENCY, LOCALE): every money screen formats with these. */
  money: z.object({ currency: z.string(), locale: z.string() }),
  /** The company's IANA time zone (COMPANY_TIME_ZONE): "today" in a date box is the company's today. */
  timeZone: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
