import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../ui/PageHeading.tsx';

export const Route = createFileRoute('/admin/')({
  component: Screen,
});

function Screen() {
  return <PageHeading title="Admin panel">Site traffic, new leads, reviews awaiting moderation and unread messages.</PageHeading>;
}
