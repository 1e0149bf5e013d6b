/**
 * The back office's catalogue: the review systems and the templates, their prices, limits and
 * whether they are offered. Each change is checked by the rules a start checks and written with
 * its one audit entry in one transaction. An order keeps the amount it was made with, so a change
 * applies to new orders only; a system or template taken off sale keeps its reviews and typesets.
 */
import type { Static } from '@sinclair/typebox';
import type { Transaction } from 'kysely';
import type { AuditAction } from '../../../../common/auditActions';
import type { Database, ReviewSystemTable, TemplateTable } from '../../db/types';
import type { AuditService } from '../audit';
import type { ReviewService } from '../review';
import type { TypesetService } from '../typeset';
import type { UserRow } from '../user';
import type { SystemBody, TemplateBody } from './catalogueSchemas';

const toAdminSystem = (s: ReviewSystemTable) => ({
  id: s.id,
  name: s.name,
  pricePerThousandFen: s.price_per_thousand_fen,
  minMatch: s.min_match,
  maxChars: s.max_chars,
  enabled: s.enabled === 1,
});
const toAdminTemplate = (t: TemplateTable) => ({
  id: t.id,
  name: t.name,
  degree: t.degree,
  discipline: t.discipline,
  priceFen: t.price_fen,
  enabled: t.enabled === 1,
});

/** A whole list as one page: the catalogue is a handful of rows. */
const onePage = <T>(list: T[]) => ({ list, total: list.length, current: 1, pageSize: Math.max(1, list.length) });

export function createAdminCatalogue(deps: {
  reviews: Pick<ReviewService, 'allSystems' | 'changeSystem'>;
  typesets: Pick<TypesetService, 'allTemplates' | 'changeTemplate'>;
  audit: AuditService;
}) {
  const { reviews, typesets, audit } = deps;
  /** The audit entry of a change by `actor`, in the change's transaction, as the back office shows the row. */
  const recorded =
    <R extends { id: string }, V>(actor: UserRow, action: AuditAction, type: string, view: (row: R) => V) =>
    (before: R, after: R, trx: Transaction<Database>) =>
      audit.record({ actor: { id: actor.id, email: actor.email }, action, target: { type, id: after.id }, before: view(before), after: view(after) }, trx);

  return {
    systems: async () => onePage((await reviews.allSystems()).map(toAdminSystem)),
    async changeSystem(actor: UserRow, id: string, body: Static<typeof SystemBody>) {
      const changes = { price_per_thousand_fen: body.pricePerThousandFen, min_match: body.minMatch, max_chars: body.maxChars, enabled: body.enabled ? 1 : 0 };
      return toAdminSystem(await reviews.changeSystem(id, changes, recorded(actor, 'system.update', 'review_system', toAdminSystem)));
    },
    templates: async () => onePage((await typesets.allTemplates()).map(toAdminTemplate)),
    async changeTemplate(actor: UserRow, id: string, body: Static<typeof TemplateBody>) {
      const changes = { price_fen: body.priceFen, enabled: body.enabled ? 1 : 0 };
      return toAdminTemplate(await typesets.changeTemplate(id, changes, recorded(actor, 'template.update', 'template', toAdminTemplate)));
    },
  };
}
export type AdminCatalogue = ReturnType<typeof createAdminCatalogue>;
