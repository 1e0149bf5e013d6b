/**
 * The back office (运营后台): /v1/admin. Every route of the module is behind the staff guard,
 * added here once as an onRequest hook so that no route can miss it and a visitor or a student is
 * answered 401 or 403 before anything else is looked at (even an invalid query).
 */
import { STAFF_ROLES } from '../../../../common/roles';
import { requireRole } from '../../plugins/session';
import type { ApiModule } from '../shared/module';
import { adminArticleRoutes } from './articleRoutes';
import { adminCatalogueRoutes } from './catalogueRoutes';
import { adminRoutes } from './routes';

export const adminModule: ApiModule = {
  prefix: '/v1/admin',
  plugin: async (app, { services }) => {
    app.addHook('onRequest', requireRole(STAFF_ROLES));
    await app.register(adminRoutes, { service: services.admin, audit: services.audit });
    await app.register(adminArticleRoutes, { articles: services.adminArticles });
    await app.register(adminCatalogueRoutes, { catalogue: services.adminCatalogue });
  },
};
