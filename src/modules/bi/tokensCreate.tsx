/** /bi/tokens-de-conta/adicionar: the generic form; the answer's secret is handed to the show screen once. */
import { registerCatalogue } from '../../core/i18n';
import FormPage from '../registry/FormPage';
import type { RegistryPageProps } from '../registry/spec';
import { keepSecret } from './tokensSecret';
import { tokenTexts } from './tokensTexts';

registerCatalogue(tokenTexts);

export default function TokenCreatePage(props: RegistryPageProps) {
  return <FormPage {...props} onCreated={(saved: { id: string; secret?: unknown }) => keepSecret(saved.id, saved.secret)} />;
}
