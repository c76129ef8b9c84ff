import { createFileRoute } from '@tanstack/react-router';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { PageHeading } from '#ui/PageHeading.tsx';
import { Deferred, lazyForm } from '#ui/Deferred.tsx';
import { useSiteInfo } from '../features/shell/site-info.ts';
import { telHref } from '#domain/shared/phone.ts';

// The form (react-hook-form + zod) loads after the first paint; see ui/Deferred.tsx.
const ContactForm = lazyForm(() => import('../features/contact/ContactForm.tsx').then((m) => m.ContactForm));

export const Route = createFileRoute('/contact')({
  component: Contact,
});

const HOURS = [
  ['Monday – Friday', '7:30 am – 5:30 pm'],
  ['Saturday', '8:00 am – 12:00 pm'],
  ['Sunday', 'Closed (emergencies for monitored customers only)'],
] as const;

function Contact() {
  const site = useSiteInfo();
  return (
    <>
      <PageHeading title="Contact us">Questions about a system, a quote or an appointment? Call, e-mail, or send us a message.</PageHeading>
      <div className="grid gap-10 lg:grid-cols-[1fr_20rem]">
        <Deferred label="Loading the contact form" placeholderClass="min-h-[36rem]">
          <ContactForm />
        </Deferred>
        <aside aria-label="Contact details" className="space-y-6 text-slate-800 dark:text-slate-200">
          <div>
            <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
              <Phone aria-hidden className="h-5 w-5 text-blue-700 dark:text-blue-400" /> Phone
            </h2>
            {site && (
              <a href={telHref(site.phone)} className="mt-1 block font-medium text-blue-700 underline dark:text-blue-300">
                {site.phone}
              </a>
            )}
          </div>
          <div>
            <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
              <Mail aria-hidden className="h-5 w-5 text-blue-700 dark:text-blue-400" /> E-mail
            </h2>
            {site && (
              <a href={`mailto:${site.email}`} className="mt-1 block font-medium text-blue-700 underline dark:text-blue-300">
                {site.email}
              </a>
            )}
          </div>
          <div>
            <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
              <MapPin aria-hidden className="h-5 w-5 text-blue-700 dark:text-blue-400" /> Office
            </h2>
            <address className="mt-1 not-italic">{site?.address}</address>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Visits by appointment — we come to you for quotes and installs.</p>
          </div>
          <div>
            <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
              <Clock aria-hidden className="h-5 w-5 text-blue-700 dark:text-blue-400" /> Office hours
            </h2>
            <table className="mt-1 w-full text-sm">
              <caption className="sr-only">Office hours</caption>
              <tbody>
                {HOURS.map(([day, hours]) => (
                  <tr key={day}>
                    <th scope="row" className="py-1 pr-3 text-left align-top font-medium">
                      {day}
                    </th>
                    <td className="py-1">{hours}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </aside>
      </div>
    </>
  );
}
