/** /arquivos-de-remessa/remessas-geradas: the generic list of remessas under the area's tabs. */
import * as ui from '../../core/ui/ui.css';
import ListPage from '../registry/ListPage';
import type { RegistryPageProps } from '../registry/spec';
import { RemittanceTabs } from './RemittanceTabs';

export default function RemittanceListPage(props: RegistryPageProps) {
  return (
    <div className={ui.stack}>
      <RemittanceTabs />
      <ListPage {...props} />
    </div>
  );
}
