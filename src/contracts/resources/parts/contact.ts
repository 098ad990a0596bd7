/** A contact person as a `list` item (persons, companies): name, role, e-mail, phone. */
import { email, list, phone, text } from '../../fields';

export const contacts = (max = 50) =>
  list(
    'Contatos',
    {
      name: text('Nome', { required: 'Informe o nome do contato.' }),
      role: text('Cargo / área', { max: 80, optional: true, trim: false }),
      email: email('E-mail', { optional: true }),
      phone: phone('Telefone', { optional: true }),
    },
    { max, maxMessage: `No máximo ${max} contatos.`, addLabel: 'Adicionar contato' },
  );
