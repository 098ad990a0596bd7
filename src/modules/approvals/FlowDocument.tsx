/**
 * The document an approval decides on, read-only and inline: the record the flow carries, shown
 * by its own declaration (loaded with the screen) the way its show page shows it — a pedido's
 * items, justificativa, cost centre and department; an ordem de compra's supplier, lines, freight
 * and terms; a lançamento's supplier, amount, due date and payment method; a fatura's divergences.
 */
import { Suspense } from 'react';
import { useDeclaration } from '../../core/catalogue/load';
import { t } from '../../core/i18n';
import { RecordShow } from '../../core/ui/RecordShow';
import { Spinner } from '../../core/ui/Spinner';
import * as data from '../../core/ui/data.css';
import type { Row } from '../../core/resources/useList';
import { useRecordLinks } from '../registry/recordLinks';

function Shown({ resource, record }: { resource: string; record: Row }) {
  const declaration = useDeclaration(resource);
  const linkOf = useRecordLinks();
  return <RecordShow resource={declaration} record={record} linkOf={linkOf} />;
}

export function FlowDocument({ resource, record }: { resource: string; record: Row | null | undefined }) {
  if (!record) return <p className={data.muted}>{t('approvals.flow.documentGone')}</p>;
  return (
    <Suspense fallback={<Spinner />}>
      <Shown resource={resource} record={record} />
    </Suspense>
  );
}
