/** Plagiarism checks (reviews): /v1/review — systems, the paper, price, the review, its report and verification. */
import type { ApiModule } from '../shared/module';
import type { Throttle } from '../throttle';
import { reviewRoutes } from './routes';
import type { ReviewService } from './service';

export { createReviewRepo } from './repo';
export { QuoteBody, Review, ReviewBody, ReviewListQuery } from './schemas';
export { createReviewService, type ReviewService } from './service';
export { createCorpusShards, type CorpusShards } from './shards';
export { MIN_MATCH_FLOOR, REVIEW_SYSTEMS, reviewSystemProblem } from './systems';

export const reviewModule: ApiModule<{ reviews: ReviewService; throttle: Throttle }> = {
  prefix: '/v1/review',
  plugin: async (app, { config, services }) => {
    await app.register(reviewRoutes, { service: services.reviews, publicUrl: config.publicUrl, throttle: services.throttle });
  },
};
