/** Cotações' routes with their screens (`<bo-cotacoes>` and the portal). */
import { withRegistryLoaders } from '../registry/resourceRoutes';
import { quotesRouteData } from './routes.data';

export const quotesRoutes = withRegistryLoaders(quotesRouteData, {
  queue: () => import('./QuoteQueuePage'),
  quoteList: () => import('./QuoteListPage'),
  quoteDetails: () => import('./QuoteDetails'),
  analysis: () => import('./QuoteAnalysis'),
  quoteDocument: () => import('./QuoteDocument'),
  addItems: () => import('./AddItemsRedirect'),
  answer: () => import('./AnswerPage'),
});
