/** `<bo-contas-a-pagar>` and `<bo-contas-a-receber>`: the finance areas as area elements. */
import { createAreaElement } from '../area/AreaElement';
import { payablesRoutes, receivablesRoutes } from './routes';

export const ContasAPagarElement = createAreaElement({ routes: payablesRoutes, home: '/contas-a-pagar', resources: ['payables', 'requesterQueue', 'paymentQueue'] });
export const ContasAReceberElement = createAreaElement({ routes: receivablesRoutes, home: '/contas-a-receber', resources: ['receivables'] });
