import { createFileRoute } from '@tanstack/react-router';
import { PublicProposalPage } from '../features/proposals/PublicProposalPage.tsx';

/** The client's proposal link: public, no sign-in, the token is the key. */
export const Route = createFileRoute('/p/$token')({
  component: Screen,
});

function Screen() {
  const { token } = Route.useParams();
  return <PublicProposalPage token={token} />;
}
