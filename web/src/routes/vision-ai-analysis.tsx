import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../ui/PageHeading.tsx';

export const Route = createFileRoute('/vision-ai-analysis')({
  component: Screen,
});

function Screen() {
  return <PageHeading title="Vision-AI analysis">Find people and vehicles in camera images.</PageHeading>;
}
