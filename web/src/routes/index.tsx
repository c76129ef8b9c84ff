import { Link, createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Award, BadgeCheck, Clock, ShieldCheck, Star, Wrench } from 'lucide-react';
import { SERVICES, FOUNDED_YEAR } from '../features/site/service-catalogue.ts';
import { HeroIllustration } from '../features/home/HeroIllustration.tsx';
import { reviewSummaryQuery } from '../features/reviews/queries.ts';
import { useSiteInfo } from '../features/shell/site-info.ts';
import { useCurrentYear, useHydratedData } from '#lib/hydration.ts';

export const Route = createFileRoute('/')({
  component: Home,
});

const STEPS = [
  { title: 'Tell us what you need', text: 'Fill in the free-quote form or call. We answer within one business day.' },
  { title: 'Free walk-through', text: 'A technician visits, listens, and checks doors, windows, wiring and Wi-Fi.' },
  { title: 'A clear written proposal', text: 'Good, better and best options with fixed prices — no pressure, no surprises.' },
  { title: 'Installed and explained', text: 'Our own crew installs, tests every sensor and shows the whole family how it works.' },
];

function Home() {
  const summary = useHydratedData(useQuery(reviewSummaryQuery).data);
  const site = useSiteInfo();
  const years = useCurrentYear() - FOUNDED_YEAR;
  return (
    <>
      <section className="grid items-center gap-8 py-6 sm:py-10 lg:grid-cols-[1fr_auto]">
        <div>
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            Security systems installed right, by people who answer the phone.
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
            A father-and-son business installing alarms, cameras and prewires for homes and small businesses. Licensed, insured, and every job done
            by our own technicians — never subcontracted.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/quote" className="rounded-md bg-blue-700 px-5 py-3 font-semibold text-white hover:bg-blue-800">
              Request a free quote
            </Link>
            <Link
              to="/services"
              className="rounded-md border border-slate-300 px-5 py-3 font-semibold text-slate-900 hover:bg-slate-50 dark:border-slate-700 dark:text-white dark:hover:bg-slate-900"
            >
              See our services
            </Link>
          </div>
        </div>
        <HeroIllustration className="mx-auto hidden h-auto w-72 lg:block" />
      </section>

      <section aria-labelledby="trust-heading" className="py-6">
        <h2 id="trust-heading" className="sr-only">
          Why families trust us
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Trust icon={Award} title={`${years}+ years`} text={`Installing in the area since ${FOUNDED_YEAR}.`} />
          <Trust icon={BadgeCheck} title="Licensed and insured" text="State-licensed alarm contractor with full liability cover." />
          <Trust
            icon={Star}
            title={summary?.average != null ? `${summary.average.toFixed(1)} out of 5` : 'Rated by customers'}
            text={summary && summary.count > 0 ? `Average of ${summary.count} published customer reviews.` : 'Read what our customers say.'}
            to="/reviews"
          />
          <Trust icon={Clock} title="Answered within a day" text={site ? `Call ${site.phone} or send a message.` : 'Call us or send a message.'} />
        </ul>
      </section>

      <section aria-labelledby="services-heading" className="py-8">
        <h2 id="services-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
          What we install
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map(({ id, icon: Icon, title, summary: text }) => (
            <li key={id} className="flex flex-col rounded-lg border border-slate-200 p-5 dark:border-slate-800">
              <Icon aria-hidden className="h-7 w-7 text-blue-700 dark:text-blue-400" />
              <h3 className="mt-3 font-semibold text-slate-900 dark:text-white">{title}</h3>
              <p className="mt-2 flex-1 text-sm text-slate-700 dark:text-slate-300">{text}</p>
              <Link to="/services" hash={id} className="mt-3 text-sm font-semibold text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
                What’s included<span className="sr-only"> in {title.toLowerCase()}</span>
              </Link>
            </li>
          ))}
          <li className="flex flex-col justify-center rounded-lg bg-blue-700 p-5 text-white">
            <ShieldCheck aria-hidden className="h-7 w-7" />
            <p className="mt-3 font-semibold">Not sure where to start?</p>
            <p className="mt-2 text-sm">Book a free security consultation and get a written plan.</p>
            <Link to="/quote" className="mt-3 font-semibold underline underline-offset-2">
              Book a consultation
            </Link>
          </li>
        </ul>
      </section>

      <section aria-labelledby="how-heading" className="py-8">
        <h2 id="how-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
          How it works
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((s, i) => (
            <li key={s.title} className="rounded-lg bg-slate-50 p-5 dark:bg-slate-900">
              <span className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-blue-700 font-bold text-white">{i + 1}</span>
              <h3 className="mt-3 font-semibold text-slate-900 dark:text-white">{s.title}</h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="my-8 flex flex-col items-start gap-4 rounded-xl border border-slate-200 p-6 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
        <div className="flex items-start gap-3">
          <Wrench aria-hidden className="mt-1 h-6 w-6 text-blue-700 dark:text-blue-400" />
          <div>
            <h2 className="text-xl font-bold text-slate-900 dark:text-white">Already have a system?</h2>
            <p className="mt-1 text-slate-700 dark:text-slate-300">Troubleshooting guides, answers and a support request form.</p>
          </div>
        </div>
        <Link to="/support" className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50 dark:border-slate-700 dark:text-white dark:hover:bg-slate-900">
          Get support
        </Link>
      </section>
    </>
  );
}

function Trust(props: { icon: typeof Award; title: string; text: string; to?: '/reviews' }) {
  const Icon = props.icon;
  const body = (
    <>
      <Icon aria-hidden className="h-6 w-6 shrink-0 text-emerald-700 dark:text-emerald-400" />
      <span>
        <span className="block font-semibold text-slate-900 dark:text-white">{props.title}</span>
        <span className="block text-sm text-slate-700 dark:text-slate-300">{props.text}</span>
      </span>
    </>
  );
  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      {props.to ? (
        <Link to={props.to} className="flex gap-3 hover:underline" data-testid="trust-reviews">
          {body}
        </Link>
      ) : (
        <div className="flex gap-3">{body}</div>
      )}
    </li>
  );
}
