import type { BusinessFacts } from '../../domain/reviews/local-business-json-ld.ts';
import type { ReviewRepository } from '../../domain/reviews/review-repository.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';

/** The reviews area's bundle, registered once in container.ts. */
export interface ReviewDeps {
  reviews: ReviewRepository;
  clock: Clock;
  ids: IdGenerator;
  /** The company facts of the schema.org data; `url` is the site's one base URL. */
  business: BusinessFacts;
}
