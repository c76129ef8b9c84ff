import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PageHeading } from '../ui/PageHeading.tsx';
import { QuoteForm } from '../features/quote/QuoteForm.tsx';
import { QUOTE_SERVICES } from '../../../src/contracts/quotes.ts';

const searchSchema = z.object({ service: z.enum(QUOTE_SERVICES).optional().catch(undefined) });

export const Route = createFileRoute('/quote')({
  validateSearch: searchSchema,
  component: Screen,
});

function Screen() {
  const { service } = Route.useSearch();
  return (
    <>
      <PageHeading title="Request a free quote">
        Tell us about your property and what you would like protected. We reply within one business day to arrange a free, no-obligation visit.
      </PageHeading>
      <QuoteForm initialService={service} />
    </>
  );
}
