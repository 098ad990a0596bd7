/**
 * For the registry's generic tests, records made against another record's lines and state: an
 * entrega or a faturamento against an ordem de compra sent to its supplier (made here through the
 * API: typed in, sent for approval — no queue takes ordens in the demo — then to the supplier), and
 * a solicitação without prices yet (its prices name its cotação's lines).
 */
import { ifMatch } from '../../src/contracts/resource.js';
import { call, type Answer, type Session, type TestEnv } from './fixture.js';

const ORDERS = '/v1/pricing/purchase-orders';

export async function againstAnotherRecord(env: TestEnv, session: Session, name: string, url: string, values: Record<string, unknown>): Promise<Answer> {
  if (name === 'quoteRequests') return call(env, 'POST', url, { session, body: { ...values, answers: [] } });
  const supplierId = (await call(env, 'GET', '/v1/companies/suppliers?perPage=1', { session })).body[0].id as string;
  const created = await call(env, 'POST', ORDERS, {
    session,
    body: { supplierId, costCenterId: null, departmentId: null, expectedOn: null, paymentTerms: null, freight: null, notes: null, lines: [{ productId: null, description: 'Item de amostra', quantity: 1_000, unit: 'UN', unitPrice: 100 }] },
  });
  if (created.status !== 201) return created;
  const submitted = await call(env, 'POST', `${ORDERS}/${created.body.id}/actions/submit`, { session, body: {}, headers: { 'if-match': ifMatch(created.body.version) } });
  const sent = await call(env, 'POST', `${ORDERS}/${created.body.id}/actions/send`, { session, body: {}, headers: { 'if-match': ifMatch(submitted.body.version) } });
  if (sent.status !== 200) return sent;
  const purchaseOrderLineId = sent.body.lines[0].id as string;
  const [line] = (values.lines as Record<string, unknown>[] | undefined) ?? [{}];
  const item = name === 'receipts' ? { ...line, purchaseOrderLineId, received: 1, rejected: 0, rejectionReason: null } : { ...line, purchaseOrderLineId, quantity: 1 };
  return call(env, 'POST', url, { session, body: { ...values, purchaseOrderId: sent.body.id, lines: [item] } });
}
