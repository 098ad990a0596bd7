/** A contact person as a `list` item (persons, companies): name, role, e-mail, phone. */
import * as z from 'zod/mini';
import { schemas } from '../../brazil';
import { optional, requiredText, type FieldDef } from '../../resource';

export const contactItem = z.object({
  name: requiredText(120, 'Informe o nome do contato.'),
  role: optional(z.string().check(z.maxLength(80, 'Use no máximo 80 caracteres.'))),
  email: optional(schemas.email()),
  phone: optional(schemas.phone()),
});

export const contactsField: FieldDef = {
  type: 'list',
  label: 'Contatos',
  of: {
    name: { type: 'text', label: 'Nome' },
    role: { type: 'text', label: 'Cargo / área' },
    email: { type: 'email', label: 'E-mail' },
    phone: { type: 'phone', label: 'Telefone' },
  },
};

export const contactList = (max = 50) => z.array(contactItem).check(z.maxLength(max, `No máximo ${max} contatos.`));
