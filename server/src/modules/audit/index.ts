/** The audit log of back-office changes: no routes of its own (the back office reads it). */
export { createAuditRepo } from './repo';
export { createAuditService, type AuditService } from './service';
