import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../ui/PageHeading.tsx';

export const Route = createFileRoute('/services')({
  component: Screen,
});

function Screen() {
  return <PageHeading title="Our services">Alarm systems, security cameras, new-home prewires, panel upgrades and security consultation.</PageHeading>;
}
