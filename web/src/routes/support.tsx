import { createFileRoute } from '@tanstack/react-router';
import { Bell, Camera, Siren } from 'lucide-react';
import { PageHeading } from '#ui/PageHeading.tsx';
import { Deferred, lazyForm } from '#ui/Deferred.tsx';
import { useSiteInfo } from '../features/shell/site-info.ts';
import { telHref } from '#domain/shared/phone.ts';

// The form (react-hook-form + zod) loads after the first paint; see ui/Deferred.tsx.
const SupportForm = lazyForm(() => import('../features/support/SupportForm.tsx').then((m) => m.SupportForm));

export const Route = createFileRoute('/support')({
  component: Support,
});

const ALARM_FIXES = [
  { q: 'The keypad beeps and shows “trouble” or a yellow light', a: 'Press the “status” or “*” key to see the cause. A low battery or a lost power supply are the usual ones; the beeping stops once you acknowledge it (on most keypads: enter your code). If power was cut, the trouble clears itself within an hour of power returning.' },
  { q: 'A sensor reports a low battery', a: 'Door contacts and motion sensors use CR123A or CR2032 lithium cells. Open the cover with a small screwdriver, match the old battery, and close the cover firmly — an open cover causes a tamper alarm. We replace batteries free during any service visit.' },
  { q: 'The alarm went off and nobody was there', a: 'Check for open doors, pets above 40 lb in motion-covered rooms, balloons, heating vents blowing at a sensor, or curtains moving. Bypass a faulty zone from the keypad for tonight and send us a request: we will test it.' },
  { q: '“Communication failure” or “Failure to communicate”', a: 'The panel could not reach the monitoring centre. Check that your internet router is on. If your panel still uses a phone line or 3G radio, it needs an upgrade — ask us about a panel upgrade.' },
];

const CAMERA_FIXES = [
  { q: 'A camera shows “offline” in the app', a: 'Check the recorder is powered and its network light is on. For Wi-Fi cameras, restart your router; for cabled cameras, restart the recorder (unplug for 30 seconds). If one camera stays offline, its cable or power injector is the likely cause.' },
  { q: 'The recorder is not recording', a: 'Open the recorder’s playback and look for a gap. A full or failed hard drive is the common cause; the recorder shows a disk error on its screen. We can replace drives on site.' },
  { q: 'Night picture is blurry or white', a: 'Spider webs and dust reflect the infrared light. Wipe the dome gently with a soft damp cloth and remove webs nearby. A light on the wall next to the camera can also wash the picture out.' },
  { q: 'I cannot view the cameras away from home', a: 'Sign out of the app and back in, then check for an app update. If you changed your internet provider or router, remote access needs setting up again — send a request and we will do it remotely.' },
];

const FAQ = [
  { q: 'Do you support systems you did not install?', a: 'Yes. We service most major alarm and camera brands and can take over systems left by other companies or previous owners.' },
  { q: 'How quickly can a technician come out?', a: 'Monitored customers get a visit within one business day for a system fault. Other service calls are usually booked within the week.' },
  { q: 'What does a service visit cost?', a: 'Monitored customers pay nothing for labour on faults. For other systems we charge a flat call-out fee that includes the first hour; we tell you the price before we come.' },
  { q: 'How do I change or add a user code?', a: 'From the phone app (Users menu) or at the keypad with the master code. If you are unsure, send a support request and we will walk you through it by phone.' },
  { q: 'I am moving house. What happens to my monitoring?', a: 'Tell us a month ahead. We can transfer your monitoring to the new owner, move equipment to your new home, or end the contract at its term.' },
];

function Support() {
  const site = useSiteInfo();
  return (
    <>
      <PageHeading title="Support">
        Help for systems we installed or monitor: quick fixes you can try now, answers to common questions, and a request form that goes straight to our
        technicians.
      </PageHeading>

      <section aria-labelledby="emergency" className="mb-10 flex gap-4 rounded-xl border-2 border-red-700 bg-red-50 p-5 dark:border-red-500 dark:bg-red-950">
        <Siren aria-hidden className="h-8 w-8 shrink-0 text-red-700 dark:text-red-300" />
        <div className="text-red-950 dark:text-red-50">
          <h2 id="emergency" className="text-xl font-bold">
            Emergency?
          </h2>
          <p className="mt-1">
            If there is a fire, a break-in or anyone is in danger, call <strong>911</strong> first.
          </p>
          <p className="mt-1">
            Alarm sounding and you cannot silence it, or a system down at a business? Call us any time:{' '}
            {site ? (
              <a href={telHref(site.phone)} className="font-bold underline">
                {site.phone}
              </a>
            ) : (
              'see the phone number below'
            )}{' '}
            — monitored customers reach an on-call technician 24/7.
          </p>
        </div>
      </section>

      <div className="grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="alarm-help">
          <h2 id="alarm-help" className="flex items-center gap-2 text-2xl font-bold text-slate-900 dark:text-white">
            <Bell aria-hidden className="h-6 w-6 text-blue-700 dark:text-blue-400" /> Alarm troubleshooting
          </h2>
          <QuestionList items={ALARM_FIXES} />
        </section>
        <section aria-labelledby="camera-help">
          <h2 id="camera-help" className="flex items-center gap-2 text-2xl font-bold text-slate-900 dark:text-white">
            <Camera aria-hidden className="h-6 w-6 text-blue-700 dark:text-blue-400" /> Camera troubleshooting
          </h2>
          <QuestionList items={CAMERA_FIXES} />
        </section>
      </div>

      <section aria-labelledby="faq" className="mt-10">
        <h2 id="faq" className="text-2xl font-bold text-slate-900 dark:text-white">
          Frequently asked questions
        </h2>
        <QuestionList items={FAQ} />
      </section>

      <section aria-labelledby="request" className="mt-10 max-w-3xl">
        <h2 id="request" className="text-2xl font-bold text-slate-900 dark:text-white">
          Request support
        </h2>
        <p className="mt-1 mb-4 text-slate-700 dark:text-slate-300">Still stuck? Tell us what is happening and a technician will get back to you.</p>
        <Deferred label="Loading the support form" placeholderClass="min-h-[36rem]">
          <SupportForm />
        </Deferred>
      </section>
    </>
  );
}

function QuestionList({ items }: { items: { q: string; a: string }[] }) {
  return (
    <div className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
      {items.map((i) => (
        <details key={i.q} className="group p-4">
          <summary className="cursor-pointer font-semibold text-slate-900 marker:text-blue-700 dark:text-white">{i.q}</summary>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{i.a}</p>
        </details>
      ))}
    </div>
  );
}
