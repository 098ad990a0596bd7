/** `<bo-arquivos-de-remessa>`: the arquivos de remessa (fila, remessas geradas, file and retorno) as an area element. */
import { createAreaElement } from '../area/AreaElement';
import { remittancesRoutes } from './routes';

export const ArquivosDeRemessaElement = createAreaElement({ routes: remittancesRoutes, home: '/arquivos-de-remessa', resources: ['remittanceFiles'] });
