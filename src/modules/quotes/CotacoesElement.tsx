/** `<bo-cotacoes>`: the cotações area on the element's own history (the shared area element), with its own event. */
import { emit } from '../../core/elements/events';
import { createAreaElement } from '../area/AreaElement';
import { quotesRoutes } from './routes';

export const CotacoesElement = createAreaElement({
  routes: quotesRoutes,
  home: '/cotacoes',
  resources: ['quotes'],
  events: (host) => ({
    transition: (resource, transition, record) => {
      if (resource !== 'quotes' || transition !== 'conclude') return;
      const awards = Array.isArray(record.awards) ? (record.awards as { purchaseOrderId?: string | null }[]) : [];
      emit(host, 'bo-quote-concluded', { id: record.id, number: (record.number as number | undefined) ?? null, purchaseOrderIds: [...new Set(awards.map((award) => award.purchaseOrderId).filter((id): id is string => Boolean(id)))] });
    },
  }),
});
