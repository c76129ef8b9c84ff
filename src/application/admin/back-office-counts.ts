import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ContactMessageRepository } from '../../domain/contact/contact-message-repository.ts';
import type { QuoteRequestRepository } from '../../domain/quotes/quote-request-repository.ts';
import type { ReviewRepository } from '../../domain/reviews/review-repository.ts';
import { requireAccess, STAFF } from '../shared/require-access.ts';

/** What is waiting for staff: new leads, reviews to moderate, unread messages. */
export async function backOfficeCounts(
  deps: { leads: QuoteRequestRepository; reviews: ReviewRepository; contactMessages: ContactMessageRepository },
  auth: AuthState,
) {
  requireAccess(auth, STAFF);
  const [newLeads, pendingReviews, unreadMessages] = await Promise.all([
    deps.leads.countByStatus('new'),
    deps.reviews.countByStatus('pending'),
    deps.contactMessages.countByStatus('new'),
  ]);
  return { newLeads, pendingReviews, unreadMessages };
}
