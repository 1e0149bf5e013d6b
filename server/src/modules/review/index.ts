/** Plagiarism checks (reviews): /v1/review — systems, the paper, price, the review, its report and verification. */
import type { ApiModule } from '../shared/module';
import { reviewRoutes } from './routes';

export const reviewModule: ApiModule = {
  prefix: '/v1/review',
  plugin: async (app, { config, services }) => {
    await app.register(reviewRoutes, { service: services.reviews, publicUrl: config.publicUrl, throttle: services.throttle });
  },
};
