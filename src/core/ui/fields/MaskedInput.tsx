import type { FieldType } from '../../../contracts/resource';
import { cleanCep, cleanCnpj, cleanCpf, cleanCpfCnpj, cleanPhone, maskCep, maskCnpj, maskCpf, maskCpfCnpj, maskPhone } from '../../format/masks';
import * as ui from '../ui.css';
import type { InputProps } from './types';

type Masked = Extract<FieldType, 'cpf' | 'cnpj' | 'cpfCnpj' | 'cep' | 'phone'>;

export const MASKS: Record<Masked, { clean: (v: string) => string; mask: (v: string) => string; placeholder: string; mode: 'numeric' | 'text' }> = {
  cpf: { clean: cleanCpf, mask: maskCpf, placeholder: '000.000.000-00', mode: 'numeric' },
  cnpj: { clean: cleanCnpj, mask: maskCnpj, placeholder: '00.000.000/0000-00', mode: 'text' },
  cpfCnpj: { clean: cleanCpfCnpj, mask: maskCpfCnpj, placeholder: '000.000.000-00', mode: 'text' },
  cep: { clean: cleanCep, mask: maskCep, placeholder: '00000-000', mode: 'numeric' },
  phone: { clean: cleanPhone, mask: maskPhone, placeholder: '(00) 00000-0000', mode: 'numeric' },
};

/** cpf, cnpj (alphanumeric), cpfCnpj, cep, phone: shows the mask, sends the unmasked value. */
export function MaskedInput({ id, def, value, onChange, invalid, describedBy, siblings }: InputProps) {
  const { clean, mask, mode } = MASKS[def.type as Masked];
  // A CPF/CNPJ with a kind field: the placeholder follows the record's type (PJ → CNPJ).
  const kind = def.type === 'cpfCnpj' && 'kindField' in def && def.kindField ? siblings?.[def.kindField] : undefined;
  const placeholder = kind === 'PJ' ? MASKS.cnpj.placeholder : MASKS[def.type as Masked].placeholder;
  return (
    <input
      id={id}
      className={ui.input}
      inputMode={mode}
      autoComplete="off"
      placeholder={placeholder}
      value={typeof value === 'string' ? mask(value) : ''}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => {
        const cleaned = clean(event.target.value);
        onChange(cleaned === '' ? null : cleaned);
      }}
    />
  );
}
