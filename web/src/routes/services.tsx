import { Link, createFileRoute } from '@tanstack/react-router';
import { Check } from 'lucide-react';
import { PageHeading } from '#ui/PageHeading.tsx';
import { SERVICES } from '../features/site/service-catalogue.ts';
import { SERVICE_DETAILS } from '../features/site/service-details.ts';

export const Route = createFileRoute('/services')({
  component: Services,
});

function Services() {
  return (
    <>
      <PageHeading title="Our services">
        Five things we do every week, done by the same small team. Each starts with a free visit and a written, fixed-price proposal.
      </PageHeading>
      <nav aria-label="Services on this page" className="mb-8">
        <ul className="flex flex-wrap gap-2">
          {SERVICES.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-900">
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-10">
        {SERVICES.map(({ id, icon: Icon, title }) => {
          const { intro, includes, goodToKnow } = SERVICE_DETAILS[id];
          return (
            <section key={id} id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 rounded-xl border border-slate-200 p-6 dark:border-slate-800">
              <div className="flex items-center gap-3">
                <Icon aria-hidden className="h-8 w-8 text-blue-700 dark:text-blue-400" />
                <h2 id={`${id}-heading`} className="text-2xl font-bold text-slate-900 dark:text-white">
                  {title}
                </h2>
              </div>
              <p className="mt-4 max-w-3xl text-slate-700 dark:text-slate-300">{intro}</p>
              <h3 className="mt-5 font-semibold text-slate-900 dark:text-white">What’s included</h3>
              <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                {includes.map((item) => (
                  <li key={item} className="flex gap-2 text-slate-700 dark:text-slate-300">
                    <Check aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700 dark:text-emerald-400" />
                    {item}
                  </li>
                ))}
              </ul>
              <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
                <strong className="text-slate-900 dark:text-white">Good to know:</strong> {goodToKnow}
              </p>
              <Link to="/quote" search={{ service: id }} className="mt-5 inline-block rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800">
                Get a free quote<span className="sr-only"> for {title.toLowerCase()}</span>
              </Link>
            </section>
          );
        })}
      </div>
    </>
  );
}
