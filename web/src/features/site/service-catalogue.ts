import { Bell, Cable, Camera, CircuitBoard, ClipboardCheck, type LucideIcon } from 'lucide-react';

/**
 * The five services as Home lists them; the Services screen adds their details
 * (service-details.ts, kept apart so Home does not load them). `id` matches the quote form's values.
 */
export interface ServiceSummary {
  id: 'alarm' | 'cameras' | 'prewire' | 'panel-upgrade' | 'consultation';
  icon: LucideIcon;
  title: string;
  summary: string;
}

export const SERVICES: readonly ServiceSummary[] = [
  {
    id: 'alarm',
    icon: Bell,
    title: 'Alarm systems',
    summary: 'Intrusion, fire and CO alarms with app control and 24/7 professional monitoring.',
  },
  {
    id: 'cameras',
    icon: Camera,
    title: 'Security cameras',
    summary: 'Day and night HD cameras placed to identify faces and plates where it matters.',
  },
  {
    id: 'prewire',
    icon: Cable,
    title: 'New-home prewires',
    summary: 'Low-voltage wiring for alarms, cameras and networking before the drywall goes up.',
  },
  {
    id: 'panel-upgrade',
    icon: CircuitBoard,
    title: 'Panel upgrades',
    summary: 'Replace an old or orphaned alarm panel and keep your existing sensors and wiring.',
  },
  {
    id: 'consultation',
    icon: ClipboardCheck,
    title: 'Security consultation',
    summary: 'A walk-through of your home or business with a written plan and honest advice.',
  },
];

export const FOUNDED_YEAR = 2004;
