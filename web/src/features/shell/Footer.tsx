import { Link } from '@tanstack/react-router';
import { Mail, MapPin, Phone } from 'lucide-react';
import { useSiteInfo } from './site-info.ts';
import { PUBLIC_LINKS } from './nav-links.ts';
import { telHref } from '#domain/shared/phone.ts';

/** R-NAV-14: phone, e-mail, service area and the copyright year, all from /api/site (config). */
export function Footer() {
  const site = useSiteInfo();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm text-slate-700 sm:grid-cols-3 dark:text-slate-300">
        <div>
          <p className="font-semibold text-slate-900 dark:text-white">{site?.name ?? '\u00a0'}</p>
          <p className="mt-2">{site ? `Serving ${site.serviceArea}.` : '\u00a0'}</p>
          <p className="mt-2">Licensed and insured alarm contractor.</p>
        </div>
        <div className="min-h-[4.5rem] space-y-2">
          {site && (
            <>
              <a className="flex items-center gap-2 hover:underline" href={telHref(site.phone)}>
                <Phone aria-hidden className="h-4 w-4" /> {site.phone}
              </a>
              <a className="flex items-center gap-2 hover:underline" href={`mailto:${site.email}`}>
                <Mail aria-hidden className="h-4 w-4" /> {site.email}
              </a>
              <p className="flex items-start gap-2">
                <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0" /> {site.address}
              </p>
            </>
          )}
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-1">
            {PUBLIC_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="inline-block py-1 hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-700 dark:border-slate-800 dark:text-slate-300">
        {site ? `© ${site.copyrightYear} ${site.name}. All rights reserved.` : '\u00a0'}
      </p>
    </footer>
  );
}
