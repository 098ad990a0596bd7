/** /pedidos/{orderId}/solicitacao: the printable purchase request (number, requester, lines, total, signature line). */
import { lineAmount } from '../../contracts/money';
import { formatDate, formatDateTime } from '../../core/format/dates';
import { formatMoney } from '../../core/format/money';
import { t } from '../../core/i18n';
import { fieldLabel, optionLabel } from '../../core/resources/labels';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import type { SubPageProps } from '../registry/spec';
import * as css from './orders.css';

export default function RequestDocument({ resource, record }: SubPageProps) {
  const lines = Array.isArray(record.lines) ? (record.lines as Record<string, unknown>[]) : [];
  const ref = (field: string) => record._refs?.[field]?.[0]?.label ?? t('registry.none');
  const linesDef = resource.fields.lines;
  return (
    <article className={css.document} aria-label={t('orders.request.title', { number: String(record.number ?? '') })}>
      <div className={data.header}>
        <h2 style={{ margin: 0 }}>{t('orders.request.title', { number: String(record.number ?? '') })}</h2>
        <button type="button" className={ui.button.secondary} onClick={() => window.print()}>{t('orders.request.print')}</button>
      </div>
      <dl className={data.dl}>
        <dt className={data.dt}>{fieldLabel(resource, 'title')}</dt><dd className={data.dd}>{String(record.title ?? '')}</dd>
        <dt className={data.dt}>{t('orders.request.requester')}</dt><dd className={data.dd}>{ref('createdBy')}</dd>
        <dt className={data.dt}>{t('orders.request.date')}</dt><dd className={data.dd}>{formatDateTime(record.createdAt)}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'costCenterId')}</dt><dd className={data.dd}>{ref('costCenterId')}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'departmentId')}</dt><dd className={data.dd}>{ref('departmentId')}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'neededBy')}</dt><dd className={data.dd}>{record.neededBy ? formatDate(String(record.neededBy)) : t('registry.none')}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'justification')}</dt><dd className={data.dd}>{String(record.justification ?? '') || t('registry.none')}</dd>
      </dl>
      <div className={data.tableWrap}>
        <table className={data.table}>
          <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{fieldLabel(resource, 'lines')}</caption>
          <thead>
            <tr>
              <th scope="col" className={data.th}>{t('orders.request.item')}</th>
              <th scope="col" className={data.th}>{fieldLabel(resource, 'lines.quantity')}</th>
              <th scope="col" className={data.th}>{t('orders.product.unit')}</th>
              <th scope="col" className={data.th}>{t('orders.cart.freePrice')}</th>
              <th scope="col" className={data.th}>{t('orders.request.lineTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={String(line.id ?? index)}>
                <td className={data.td}>{index + 1}. {String(line.description ?? '')}</td>
                <td className={`${data.td} ${data.right}`}>{String(line.quantity ?? '')}</td>
                <td className={data.td}>{linesDef?.type === 'list' ? optionLabel(resource, 'lines.unit', String(line.unit ?? ''), linesDef.of.unit) : String(line.unit ?? '')}</td>
                <td className={`${data.td} ${data.right}`}>{formatMoney(Number(line.unitPrice ?? 0))}</td>
                <td className={`${data.td} ${data.right}`}>{formatMoney(lineAmount(line.quantity, line.unitPrice) ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={data.totalLine}><span>{fieldLabel(resource, 'total')}:</span><span>{formatMoney(Number(record.total ?? 0))}</span></p>
      <p className={css.signature}>{t('orders.request.signature')}</p>
    </article>
  );
}
