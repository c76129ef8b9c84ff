import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#ui/PageHeading.tsx';
import { Deferred, lazyForm } from '#ui/Deferred.tsx';
import { QUOTE_SERVICES, oneOf } from '#contracts/public-site-values.ts';

// The form (react-hook-form + zod) loads after the first paint; see ui/Deferred.tsx.
const QuoteForm = lazyForm(() => import('../features/quote/QuoteForm.tsx').then((m) => m.QuoteForm));

export const Route = createFileRoute('/quote')({
  // A plain parser keeps zod out of the entry bundle (route definitions are not code-split).
  validateSearch: (s: Record<string, unknown>): { service?: (typeof QUOTE_SERVICES)[number] } => {
    const service = oneOf(QUOTE_SERVICES, s.service);
    return service ? { service } : {};
  },
  component: Screen,
});

function Screen() {
  const { service } = Route.useSearch();
  return (
    <>
      <PageHeading title="Request a free quote">
        Tell us about your property and what you would like protected. We reply within one business day to arrange a free, no-obligation visit.
      </PageHeading>
      <Deferred label="Loading the quote form" placeholderClass="min-h-[110rem] md:min-h-[70rem]">
        <QuoteForm initialService={service} />
      </Deferred>
    </>
  );
}
