import { createFileRoute } from '@tanstack/react-router';
import { parseSearch as parseWith } from '#lib/search-params.ts';
import { SignInButton } from '../features/auth/components/SignInButton.tsx';
import { PortalPage } from '../features/portal/PortalPage.tsx';

type PortalSearch = { client?: string };

export const Route = createFileRoute('/portal')({
  validateSearch: (s: Record<string, unknown>) => parseWith<PortalSearch>(s, { client: 200 }),
  component: Portal,
});

function Portal() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PortalPage
      googleButton={<SignInButton label="Sign in with Google" className="w-full justify-center" />}
      clientId={search.client}
      onPick={(client) => void navigate({ search: { client }, replace: true })}
    />
  );
}
