/**
 * The lançamento's create and edit views (a pagar / a receber): the generic registry form.
 */
import FormPage from '../registry/FormPage';
import type { RegistryPageProps } from '../registry/spec';

export default function EntryFormPage(props: RegistryPageProps) {
  return <FormPage {...props} />;
}
