/**
 * The audit of a report download (issue 26): every `{report}/export.csv|xlsx` by a signed-in user
 * writes one `audit_log` row — who (actor), which report (entity `report`, its name), the filters
 * (the query as validated), the format, how many rows the file holds, when and from where — on the
 * PRIMARY (`ctx.tenantDb`, the caller's tenant), also when the report itself was read on the
 * replica (REPORTS_DATABASE_URL: its login may only SELECT).
 *
 * The file leaves only after its row is committed: when the row cannot be written the download is
 * refused with a 503 and a pt-BR message to try again (docs/decisions.md "Report downloads are
 * audited"), never handed over unrecorded. The opposite order (the file first, the row after) could
 * only log the loss; a row for a file the network then drops errs on the side of the record.
 */
import type { FastifyRequest } from 'fastify';
import { audit } from '../audit.js';
import type { AppContext } from '../context.js';
import { withTenant } from '../db/tenant.js';
import { HttpError } from '../errors.js';

export const REPORT_DOWNLOAD_ACTION = 'reports.export';
export const DOWNLOAD_AUDIT_MESSAGE = 'Não foi possível registrar o download na auditoria, então o arquivo não foi entregue. Tente de novo em instantes.';

export interface ReportDownload {
  report: string;
  format: 'csv' | 'xlsx';
  filters: Record<string, unknown>;
  rows: number;
}

export async function auditReportDownload(ctx: AppContext, request: FastifyRequest, download: ReportDownload): Promise<void> {
  const { orgId, userId } = request.auth!;
  try {
    await withTenant(ctx.tenantDb, orgId, (trx) =>
      audit(trx, ctx.clock(), { orgId, actorUserId: userId, action: REPORT_DOWNLOAD_ACTION, entityType: 'report', entityId: download.report, after: { format: download.format, filters: download.filters, rows: download.rows } }, request),
    );
  } catch (error) {
    request.log.error({ err: error, report: download.report, format: download.format }, 'report download refused: its audit row could not be written');
    throw new HttpError(503, DOWNLOAD_AUDIT_MESSAGE, undefined, { 'retry-after': '5' });
  }
}
