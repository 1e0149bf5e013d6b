/**
 * The back office (运营后台): /v1/admin. Every route of the module is behind the staff guard,
 * added here once as an onRequest hook so that no route can miss it and a visitor or a student is
 * answered 401 or 403 before anything else is looked at (even an invalid query).
 */
import { STAFF_ROLES } from '../../../../common/roles';
import { requireRole } from '../../plugins/session';
import type { AuditService } from '../audit';
import type { ApiModule } from '../shared/module';
import { adminArticleRoutes } from './articleRoutes';
import { adminCatalogueRoutes } from './catalogueRoutes';
import { adminJobRoutes } from './jobRoutes';
import type { AdminJobs } from './jobs';
import type { AdminOverview } from './overview';
import { adminRoutes } from './routes';
import type { AdminService } from './service';
import type { AdminArticles } from './articles';
import type { AdminCatalogue } from './catalogue';
// the library (文献库) and an account's detail
import { adminLibraryRoutes } from './libraryRoutes';
import { adminUserDetailRoutes } from './userDetailRoutes';
import type { AdminLibrary } from './library';
import type { AdminUserDetail } from './userDetail';

export { AdminOrderQuery, AdminUserQuery, AuditListQuery, DisableBody, RefundBody } from './schemas';
export { AdminArticleQuery, ArticleBody } from './articleSchemas';
export { createAdminArticles, type AdminArticles } from './articles';
export { SystemBody, TemplateBody } from './catalogueSchemas';
export { createAdminCatalogue, type AdminCatalogue } from './catalogue';
export { AdminJobQuery, OverviewQuery } from './jobSchemas';
export { createAdminJobs, type AdminJobs } from './jobs';
export { createAdminOverview, type AdminOverview } from './overview';
export { LibraryQuery } from './librarySchemas';
export { createAdminLibrary, type AdminLibrary } from './library';
export { createAdminUserDetail, type AdminUserDetail } from './userDetail';
export { createAdminService, toAdminOrder, type AdminOrderQuery as AdminOrderSearch, type AdminService, type RefundRequestBody } from './service';

export const adminModule: ApiModule<{
  admin: AdminService;
  adminArticles: AdminArticles;
  adminCatalogue: AdminCatalogue;
  adminOverview: AdminOverview;
  adminJobs: AdminJobs;
  audit: AuditService;
  adminLibrary: AdminLibrary;
  adminUserDetail: AdminUserDetail;
}> = {
  prefix: '/v1/admin',
  plugin: async (app, { services }) => {
    app.addHook('onRequest', requireRole(STAFF_ROLES));
    await app.register(adminRoutes, { service: services.admin, audit: services.audit });
    await app.register(adminArticleRoutes, { articles: services.adminArticles });
    await app.register(adminCatalogueRoutes, { catalogue: services.adminCatalogue });
    await app.register(adminJobRoutes, { overview: services.adminOverview, jobs: services.adminJobs });
    await app.register(adminLibraryRoutes, { library: services.adminLibrary });
    await app.register(adminUserDetailRoutes, { userDetail: services.adminUserDetail });
  },
};
