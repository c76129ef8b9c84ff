import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../ui/PageHeading.tsx';
import { ContactForm } from '../features/contact/ContactForm.tsx';

export const Route = createFileRoute('/contact')({
  component: Contact,
});

function Contact() {
  return (
    <>
      <PageHeading title="Contact us">Questions about a system, a quote or an appointment? Send us a message.</PageHeading>
      <ContactForm />
    </>
  );
}
