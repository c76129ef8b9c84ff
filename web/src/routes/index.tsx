import { Link, createFileRoute } from '@tanstack/react-router';
import { Bell, Camera, Cable, CircuitBoard, ClipboardCheck } from 'lucide-react';

export const Route = createFileRoute('/')({
  component: Home,
});

const SERVICES = [
  { icon: Bell, title: 'Alarm systems', text: 'Intrusion, fire and CO alarms with app control and 24/7 professional monitoring.' },
  { icon: Camera, title: 'Security cameras', text: 'Day and night HD cameras placed to identify faces and plates where it matters.' },
  { icon: Cable, title: 'New-home prewires', text: 'Low-voltage wiring for alarms, cameras and networking before the drywall goes up.' },
  { icon: CircuitBoard, title: 'Panel upgrades', text: 'Replace an old or orphaned alarm panel and keep your existing sensors and wiring.' },
  { icon: ClipboardCheck, title: 'Security consultation', text: 'A walk-through of your home or business with a written plan and honest advice.' },
];

function Home() {
  return (
    <>
      <section className="py-8 sm:py-12">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          Security systems installed right, by people who answer the phone.
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          A father-and-son business installing alarms and cameras for homes and businesses, licensed and insured, with
          every job done by our own technicians.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/quote" className="rounded-md bg-blue-700 px-5 py-3 font-semibold text-white hover:bg-blue-800">
            Request a free quote
          </Link>
          <Link to="/services" className="rounded-md border border-slate-300 px-5 py-3 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900">
            See our services
          </Link>
        </div>
      </section>
      <section aria-labelledby="services-heading" className="py-8">
        <h2 id="services-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
          What we install
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-slate-200 p-5 dark:border-slate-800">
              <Icon aria-hidden className="h-7 w-7 text-blue-700 dark:text-blue-400" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
