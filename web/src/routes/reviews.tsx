import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../ui/PageHeading.tsx';

export const Route = createFileRoute('/reviews')({
  component: Screen,
});

function Screen() {
  return <PageHeading title="Customer reviews">What homeowners and businesses say about our work.</PageHeading>;
}
