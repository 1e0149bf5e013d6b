/**
 * The actions the audit log records (`<target>.<verb>`, server/src/modules/audit), each with the
 * words the back office's 审计日志 shows for it. The server records only these, so every row it
 * writes has its name here.
 */
export const AUDIT_ACTION_NAMES = {
  'order.refund': '订单退款',
  'user.disable': '停用账号',
  'user.enable': '启用账号',
  'user.role': '更改角色',
  'article.create': '新建文章',
  'article.update': '编辑文章',
  'article.publish': '发布文章',
  'article.unpublish': '下线文章',
  'system.update': '修改查重系统',
  'template.update': '修改排版模板',
  'job.retry': '重试任务',
  'library.import': '导入文献',
  'library.remove': '移除文献',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_NAMES;

/** An action as the log shows it: its name, or the code itself for one this list does not know (an older row). */
export const auditActionName = (action: string) => (Object.hasOwn(AUDIT_ACTION_NAMES, action) ? AUDIT_ACTION_NAMES[action as AuditAction] : action);
