/** `<bo-conciliacao>`: the conciliação of one bank account (`account`) as an area element; a new account starts it again. */
import { useMemo } from 'react';
import { createAreaElement, type AreaElementProps } from '../area/AreaElement';
import { accountRoutes, reconciliationHome } from './routes';

export function ConciliacaoElement({ account, ...props }: AreaElementProps & { account?: string }) {
  const Area = useMemo(() => createAreaElement({ routes: accountRoutes, home: reconciliationHome(account), resources: ['bankAccounts'] }), [account]);
  return <Area {...props} />;
}
