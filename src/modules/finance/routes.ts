/** Contas a pagar / a receber with their screens (`<bo-contas-a-pagar>`, `<bo-contas-a-receber>` and the portal). */
import { withLoaders, type Loaders } from '../area/withLoaders';
import { payablesRouteData, receivablesRouteData } from './routes.data';

const loaders: Loaders = {
  list: () => import('./FinanceListPage'),
  entryForm: () => import('./EntryFormPage'),
};

export const payablesRoutes = withLoaders(payablesRouteData, loaders);
export const receivablesRoutes = withLoaders(receivablesRouteData, loaders);
