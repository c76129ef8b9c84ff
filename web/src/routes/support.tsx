import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../ui/PageHeading.tsx';

export const Route = createFileRoute('/support')({
  component: Screen,
});

function Screen() {
  return <PageHeading title="Support">Help with an alarm or camera system we installed.</PageHeading>;
}
