import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { success } from '../../../../common/api';
import { requireRole, userOf } from '../../plugins/session';
import type { AdminCatalogue } from './catalogue';
import {
  AdminSystemListReply,
  AdminSystemReply,
  AdminTemplateListReply,
  AdminTemplateReply,
  SystemBody,
  SystemParams,
  TemplateBody,
  TemplateParams,
} from './catalogueSchemas';

/** What a saved change says: taken off sale, that first (students no longer see it), then when a new price applies. */
const saved = ({ enabled }: { enabled: boolean }, applies: string) => (enabled ? `已保存，${applies}` : `已保存并下架，学生不能再选择或下单；${applies}`);

/**
 * /v1/admin/systems and /v1/admin/templates: prices, limits and sale. Prices are money: behind the
 * module's staff guard, for admins only (an operator is told so).
 */
export const adminCatalogueRoutes: FastifyPluginAsyncTypebox<{ catalogue: AdminCatalogue }> = async (app, { catalogue }) => {
  const tags = ['admin'];
  app.addHook('onRequest', requireRole(['admin'], '价格与上架仅限管理员管理'));
  app.get('/systems', { schema: { tags, response: { 200: AdminSystemListReply } } }, async () => success(await catalogue.systems()));

  app.put('/systems/:systemId', { schema: { tags, params: SystemParams, body: SystemBody, response: { 200: AdminSystemReply } } }, async (request) =>
    success(await catalogue.changeSystem(userOf(request), request.params.systemId, request.body), saved(request.body, '新价格和限制对之后的订单生效')),
  );

  app.get('/templates', { schema: { tags, response: { 200: AdminTemplateListReply } } }, async () => success(await catalogue.templates()));

  app.put('/templates/:templateId', { schema: { tags, params: TemplateParams, body: TemplateBody, response: { 200: AdminTemplateReply } } }, async (request) =>
    success(await catalogue.changeTemplate(userOf(request), request.params.templateId, request.body), saved(request.body, '新价格对之后的订单生效')),
  );
};
