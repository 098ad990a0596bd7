/** The faturamentos list: the generic registry list with "Importar NF-e (XML)" in its header. */
import { registerCatalogue, t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { CATALOGUE } from '../../core/catalogue';
import { useAccess } from '../../core/resources/access';
import * as ui from '../../core/ui/ui.css';
import ListPage from '../registry/ListPage';
import type { RegistryPageProps } from '../registry/spec';
import { invoicesTexts } from './catalogue';

registerCatalogue(invoicesTexts);

export default function InvoiceListPage(props: RegistryPageProps) {
  const { go } = useNavigation();
  const access = useAccess(CATALOGUE.invoices);
  return (
    <ListPage
      {...props}
      headerActions={access('create') ? <button type="button" className={ui.button.secondary} onClick={() => go('/invoices/importar-nfe')}>{t('invoices.importNfe')}</button> : undefined}
    />
  );
}
