import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../ui/PageHeading.tsx';

export const Route = createFileRoute('/quote')({
  component: Screen,
});

function Screen() {
  return <PageHeading title="Request a free quote">Tell us about your property and we will get back to you within one business day.</PageHeading>;
}
