/**
 * The back office in the mock, thin: orders (search, detail, refund), accounts (and their detail), articles, the library and the audit log answered by
 * the server's own admin service over the mock's services (mock/_lib/services.ts). Sign in as
 * MOCK_ADMIN_EMAIL (mock/_lib/users.ts); the demo student is refused as the server refuses her.
 * Accounts are the mock's own, so e-mails are the mock's, not the placeholder rows'.
 */
import { STAFF_ROLES } from '../common/roles';
import { ShowType } from '../common/api';
import { mkdtemp, rm, writeFile } from 'fs/promises';
import { tmpdir } from 'os';
import { join } from 'path';
import { storedFileName } from '../server/src/lib/fileNames';
import {
  toAdminOrder,
  AdminOrderQuery,
  AdminUserQuery,
  AuditListQuery,
  DisableBody,
  RefundBody,
  AdminArticleQuery,
  ArticleBody,
  SystemBody,
  TemplateBody,
  AdminJobQuery,
  OverviewQuery,
  LibraryQuery,
  type AdminJobs,
  type AdminOrderSearch as Query,
  type RefundRequestBody,
} from '../server/src/modules/admin';
import type { Static } from '@sinclair/typebox';
import { failure, ok, requireSession, withFault, type MockHandler, type MockRequest, type MockResponse } from './_lib/kit';
import { answer, mockServices, valid, validQuery } from './_lib/services';
import { findUserById, users, type MockUser } from './_lib/users';

/** The signed-in staff account's id, or the server's 401 or 403 answered. */
function staff(req: MockRequest, res: MockResponse, roles = STAFF_ROLES): string | undefined {
  const userId = requireSession(req, res);
  if (!userId) return undefined;
  if (roles.includes(findUserById(userId)!.role)) return userId;
  res.status(403).json(failure('您没有权限访问运营后台', 'FORBIDDEN'));
  return undefined;
}

const emailOf = (userId: string) => findUserById(userId)?.email ?? null;

/** The staff account's row for a service call, with the mock's e-mail (the audit log names it). */
const actorOf = async (userId: string) => ({ ...(await (await mockServices()).userRow(userId)), email: emailOf(userId)! });

/** An account as the back office lists it (AdminUser), from the mock's own accounts. */
const toAdminUser = (user: MockUser) => ({
  id: user.id,
  email: user.email,
  nickname: user.nickname,
  role: user.role,
  disabledAt: user.disabledAt ?? null,
  createdAt: user.createdAt,
});

/**
 * 停用 / 启用 through the server's own rule (admin service: not oneself, staff only by an admin, one
 * audit entry, sessions ended); the mock's account then keeps the state its login reads.
 */
function setDisabled(disabled: boolean): MockHandler {
  return async (req, res) => {
    const userId = staff(req, res);
    const body = userId && (disabled ? valid<{ reason: string }>(DisableBody, req.body, res) : { reason: '' });
    if (!userId || !body) return;
    answer(res, async () => {
      const services = await mockServices();
      const target = findUserById(req.params.userId);
      if (target) await services.userRow(target.id);
      const after = await services.admin.setUserDisabled(await actorOf(userId), req.params.userId, disabled, body.reason.trim() || undefined);
      target!.disabledAt = after.disabledAt;
      return toAdminUser(target!);
    });
  };
}

type Article = Static<typeof ArticleBody>;
/** An article change by the signed-in staff account: the server's own call, or the server's refusal. */
function articleChange(
  change: (actor: Awaited<ReturnType<typeof actorOf>>, req: MockRequest, body: Article) => Promise<unknown>,
  withBody = true,
): MockHandler {
  return async (req, res) => {
    const userId = staff(req, res);
    const body = userId && (withBody ? valid<Article>(ArticleBody, req.body, res) : ({} as Article));
    if (!userId || !body) return;
    answer(res, async () => change(await actorOf(userId), req, body));
  };
}

/** An order detail with the mock's e-mail for its owner. */
const withMockEmail = <T extends { order: { userId: string; userEmail: string | null } }>(detail: T) => ({
  ...detail,
  order: { ...detail.order, userEmail: emailOf(detail.order.userId) },
});

/** A catalogue change (price, limits, sale) by the signed-in staff account through the server's own call. */
function catalogueChange<B>(
  schema: Parameters<typeof valid>[0],
  change: (actor: Awaited<ReturnType<typeof actorOf>>, id: string, body: B) => Promise<unknown>,
  param: string,
): MockHandler {
  return async (req, res) => {
    const userId = staff(req, res);
    const body = userId && valid<B>(schema, req.body, res);
    if (!userId || !body) return;
    answer(res, async () => change(await actorOf(userId), req.params[param], body));
  };
}

const handlers: Record<string, MockHandler> = {
  'GET /api/v1/admin/systems': async (req, res) => {
    if (staff(req, res)) answer(res, async () => (await mockServices()).adminCatalogue.systems());
  },
  'PUT /api/v1/admin/systems/:systemId': catalogueChange<Static<typeof SystemBody>>(
    SystemBody,
    async (actor, id, body) => (await mockServices()).adminCatalogue.changeSystem(actor, id, body),
    'systemId',
  ),
  'GET /api/v1/admin/templates': async (req, res) => {
    if (staff(req, res)) answer(res, async () => (await mockServices()).adminCatalogue.templates());
  },
  'PUT /api/v1/admin/templates/:templateId': catalogueChange<Static<typeof TemplateBody>>(
    TemplateBody,
    async (actor, id, body) => (await mockServices()).adminCatalogue.changeTemplate(actor, id, body),
    'templateId',
  ),

  'GET /api/v1/admin/orders': async (req, res) => {
    const query = staff(req, res) && validQuery<Query>(AdminOrderQuery, req, res);
    if (!query) return;
    answer(res, async () => {
      const { orders } = await mockServices();
      const { current, pageSize, email, ...filter } = query;
      const owner = email?.trim() && users.find((user) => user.email === email.trim().toLowerCase());
      const page = await orders.search({ ...filter, userIds: email?.trim() ? (owner ? [owner.id] : []) : undefined }, { current, pageSize });
      return { ...page, list: page.list.map((row) => toAdminOrder(row, emailOf(row.user_id))) };
    });
  },

  'GET /api/v1/admin/orders/:orderId': async (req, res) => {
    if (!staff(req, res)) return;
    answer(res, async () => withMockEmail(await (await mockServices()).admin.orderDetail(req.params.orderId)));
  },

  'POST /api/v1/admin/orders/:orderId/refund': async (req, res) => {
    const userId = staff(req, res);
    const body = userId && valid<RefundRequestBody>(RefundBody, req.body, res);
    if (!userId || !body) return;
    answer(res, async () => withMockEmail(await (await mockServices()).admin.refundOrder(await actorOf(userId), req.params.orderId, body)));
  },

  'GET /api/v1/admin/users': async (req, res) => {
    const query = staff(req, res) && validQuery<{ current: number; pageSize: number; email?: string }>(AdminUserQuery, req, res);
    if (!query) return;
    const needle = query.email?.trim().toLowerCase() ?? '';
    const found = users.filter((user) => user.email.includes(needle));
    const start = (query.current - 1) * query.pageSize;
    res.json(ok({ list: found.slice(start, start + query.pageSize).map(toAdminUser), total: found.length, current: query.current, pageSize: query.pageSize }));
  },
  'POST /api/v1/admin/users/:userId/disable': setDisabled(true),
  'POST /api/v1/admin/users/:userId/enable': setDisabled(false),

  'GET /api/v1/admin/articles': async (req, res) => {
    const query =
      staff(req, res) && validQuery<{ current: number; pageSize: number; title?: string; category?: string; published?: boolean }>(AdminArticleQuery, req, res);
    if (!query) return;
    answer(res, async () => (await mockServices()).adminArticles.list(query));
  },
  'POST /api/v1/admin/articles': articleChange(async (actor, _req, body) => (await mockServices()).adminArticles.create(actor, body)),
  'PUT /api/v1/admin/articles/:articleId': articleChange(async (actor, req, body) =>
    (await mockServices()).adminArticles.update(actor, req.params.articleId, body),
  ),
  'POST /api/v1/admin/articles/:articleId/publish': articleChange(
    async (actor, req) => (await mockServices()).adminArticles.setPublished(actor, req.params.articleId, true),
    false,
  ),
  'POST /api/v1/admin/articles/:articleId/unpublish': articleChange(
    async (actor, req) => (await mockServices()).adminArticles.setPublished(actor, req.params.articleId, false),
    false,
  ),

  'GET /api/v1/admin/overview': async (req, res) => {
    const query = staff(req, res) && validQuery<{ days: number }>(OverviewQuery, req, res);
    if (query) answer(res, async () => (await mockServices()).adminOverview.overview(query.days));
  },
  'GET /api/v1/admin/jobs': async (req, res) => {
    const query = staff(req, res) && validQuery<Parameters<AdminJobs['list']>[0]>(AdminJobQuery, req, res);
    if (query) answer(res, async () => (await mockServices()).adminJobs.list(query));
  },
  'POST /api/v1/admin/jobs/:jobId/retry': async (req, res) => {
    const userId = staff(req, res);
    if (userId) answer(res, async () => (await mockServices()).adminJobs.retry(await actorOf(userId), Number(req.params.jobId)));
  },
  // 文献库: the server's own import (npm run import's importer) of the files received, in a folder of their own
  'GET /api/v1/admin/library': async (req, res) => {
    const query = staff(req, res) && validQuery<{ current: number; pageSize: number; q?: string }>(LibraryQuery, req, res);
    if (query) answer(res, async () => (await mockServices()).adminLibrary.list(query));
  },
  'POST /api/v1/admin/library': async (req, res) => {
    const userId = staff(req, res);
    if (!userId) return;
    const files = (req as MockRequest & { files?: { originalname: string; buffer: Buffer }[] }).files ?? [];
    if (!files.length)
      return res.status(422).json(failure('请选择要导入的论文文件', 'NO_FILE', ShowType.ERROR_MESSAGE, { errors: { file: '请选择要导入的论文文件' } }));
    answer(res, async () => {
      const folder = await mkdtemp(join(tmpdir(), 'zn-mock-library-'));
      try {
        const received = files.map((file) => storedFileName(file.originalname));
        await Promise.all(
          files.map((file, i) =>
            received.indexOf(received[i]) === i && !received[i].startsWith('.') ? writeFile(join(folder, received[i]), file.buffer) : undefined,
          ),
        );
        return await (await mockServices()).adminLibrary.importUpload(await actorOf(userId), folder, received);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    });
  },
  'DELETE /api/v1/admin/library/:documentId': async (req, res) => {
    const userId = staff(req, res);
    if (userId) answer(res, async () => (await mockServices()).adminLibrary.remove(await actorOf(userId), req.params.documentId));
  },
  // an account's detail, with the mock's e-mails
  'GET /api/v1/admin/users/:userId': async (req, res) => {
    if (!staff(req, res)) return;
    const target = findUserById(req.params.userId);
    answer(res, async () => {
      const services = await mockServices();
      if (target) await services.userRow(target.id);
      const detail = await services.adminUserDetail(req.params.userId);
      const email = emailOf(req.params.userId);
      return {
        ...detail,
        user: target ? toAdminUser(target) : detail.user,
        orders: { ...detail.orders, list: detail.orders.list.map((order) => ({ ...order, userEmail: email })) },
      };
    });
  },

  'GET /api/v1/admin/audit': async (req, res) => {
    const query = staff(req, res, ['admin']) && validQuery<{ current: number; pageSize: number; action?: string; targetId?: string }>(AuditListQuery, req, res);
    if (!query) return;
    answer(res, async () => (await mockServices()).audit.list(query));
  },
};

export default Object.fromEntries(Object.entries(handlers).map(([key, handler]) => [key, withFault(handler)]));
