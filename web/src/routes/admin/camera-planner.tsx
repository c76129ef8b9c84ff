import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../ui/PageHeading.tsx';

export const Route = createFileRoute('/admin/camera-planner')({
  component: Screen,
});

function Screen() {
  return <PageHeading title="Camera placement planner">Design camera coverage on a floor plan.</PageHeading>;
}
