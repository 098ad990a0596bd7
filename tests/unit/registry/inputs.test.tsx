import { createElement, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineResource } from '../../../src/contracts/define';
import { text as textField } from '../../../src/contracts/fields';
import type { FieldDef } from '../../../src/contracts/resource';
import { userGroups } from '../../../src/contracts/resources';
import { saoPauloToday } from '../../../src/contracts/today';
import { Field } from '../../../src/core/ui/fields/Field';
import FormPage from '../../../src/modules/registry/FormPage';
import { byText, click, json, mount, resetApi, signIn, stubApi, type } from './harness';
import { sampleRecord } from './samples';

const demo = defineResource({
  name: 'demo',
  api: 'identity',
  path: 'demo',
  route: { base: '/demo', idParam: 'demoId' },
  permission: 'demo',
  labels: { one: 'Demo', many: 'Demos', gender: 'm' },
  titleField: 'name',
  fields: { name: textField('Nome', { rule: ({ z }) => z.string() }) },
  form: { sections: [] },
});

function Probe({ def, initial, seen }: { def: FieldDef; initial: unknown; seen: unknown[] }) {
  const [value, setValue] = useState(initial);
  return <Field resource={demo} field="x" label="Campo" def={def} value={value} params={{}} onChange={(v) => { seen.push(v); setValue(v); }} />;
}

async function typeInto(def: FieldDef, textValue: string, initial: unknown = null) {
  const seen: unknown[] = [];
  const view = await mount(() => <Probe def={def} initial={initial} seen={seen} />);
  const input = view.container.querySelector('input')!;
  await type(input, textValue);
  return { view, input, seen };
}

beforeEach(() => signIn());
afterEach(() => resetApi());

describe('field inputs', () => {
  it('money: typed "1.234,56" is 123456 centavos; reformatted on blur', async () => {
    const { view, input, seen } = await typeInto({ type: 'money', label: 'Valor' }, '1.234,56');
    expect(seen.at(-1)).toBe(123456);
    await type(input, '1.234.567,89');
    expect(seen.at(-1)).toBe(123456789);
    await type(input, '12,345');
    expect(seen.at(-1)).toBe('12,345'); // not an amount: kept as typed, validation will say so
    view.unmount();
  });

  it('money shows a stored value in pt-BR', async () => {
    const { view } = await typeInto({ type: 'money', label: 'Valor' }, '9.999,99', 5);
    expect(view.container.querySelector('input')!.value).toBe('9.999,99');
    view.unmount();
  });

  it('masked documents: pasted formatted text is stored unmasked and shown masked', async () => {
    const cpf = await typeInto({ type: 'cpf', label: 'CPF' }, '123.456.789-09');
    expect(cpf.seen.at(-1)).toBe('12345678909');
    expect(cpf.input.value).toBe('123.456.789-09');
    cpf.view.unmount();
    const cnpj = await typeInto({ type: 'cnpj', label: 'CNPJ' }, '12 345 678/0001-95');
    expect(cnpj.seen.at(-1)).toBe('12345678000195');
    expect(cnpj.input.value).toBe('12.345.678/0001-95');
    cnpj.view.unmount();
    const alpha = await typeInto({ type: 'cnpj', label: 'CNPJ' }, 'q0.slf.mbd/7vx4-39');
    expect(alpha.seen.at(-1)).toBe('Q0SLFMBD7VX439');
    expect(alpha.input.value).toBe('Q0.SLF.MBD/7VX4-39');
    alpha.view.unmount();
  });

  it('a competência typed as "112026" is "11/2026"; letters stay as typed for validation to name', async () => {
    const def: FieldDef = { type: 'text', label: 'Competência (mês/ano)', pattern: '##/####', placeholder: 'mm/aaaa' };
    const { view, input, seen } = await typeInto(def, '112026');
    expect(input.value).toBe('11/2026');
    expect(seen.at(-1)).toBe('11/2026');
    expect(input.placeholder).toBe('mm/aaaa');
    await type(input, '11/20261');
    expect(seen.at(-1)).toBe('11/2026');
    await type(input, 'nov/2026');
    expect(seen.at(-1)).toBe('nov/2026');
    view.unmount();
  });

  it('date: dd/mm/aaaa typed, YYYY-MM-DD stored', async () => {
    const { view, input, seen } = await typeInto({ type: 'date', label: 'Data' }, '26062025');
    expect(input.value).toBe('26/06/2025');
    expect(seen.at(-1)).toBe('2025-06-26');
    view.unmount();
  });

  it('date with warnAfterToday: a date after today is warned about (tied to the input), not refused; today or before is not', async () => {
    const def: FieldDef = { type: 'date', label: 'Data de emissão', warnAfterToday: 'A data é posterior a hoje.' };
    const [year, month, day] = saoPauloToday().split('-');
    const { view, input, seen } = await typeInto(def, `${day}${month}${Number(year) + 1}`);
    const status = view.container.querySelector('[role="status"]')!;
    expect(status.textContent).toBe('A data é posterior a hoje.');
    expect(input.getAttribute('aria-describedby')).toContain(status.id);
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    expect(seen.at(-1)).toBe(`${Number(year) + 1}-${month}-${day}`);
    await type(input, `${day}${month}${year}`);
    expect(status.textContent).toBe('');
    expect(input.getAttribute('aria-describedby') ?? '').not.toContain(status.id);
    view.unmount();
    // A date field without it has no such line.
    const plain = await typeInto({ type: 'date', label: 'Data' }, `${day}${month}${Number(year) + 1}`);
    expect(plain.view.container.querySelector('[role="status"]')).toBeNull();
    plain.view.unmount();
  });
});

describe('unsaved changes', () => {
  it('asks before leaving a changed form and warns on page unload', async () => {
    const record = sampleRecord(userGroups, { id: 'g1' });
    stubApi(() => json(record));
    const spec = { resource: 'userGroups', base: '/grupos-de-usuario', idParam: 'userGroupId', title: 'Perfis' };
    const view = await mount(() => createElement(FormPage, { spec, view: 'edit', userGroupId: 'g1' }), { path: '/grupos-de-usuario/g1/editar' });
    await type(view.container.querySelector('[data-field="name"] input'), 'Outro nome');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    await click(byText(view.container, 'button', 'Cancelar'));
    expect(view.navigations).toEqual([]);
    expect(byText(view.container, 'h2', 'Descartar alterações?')).toBeDefined();
    await click(byText(view.container, 'button', 'Continuar editando'));
    expect(byText(view.container, 'h2', 'Descartar alterações?')).toBeUndefined();
    await click(byText(view.container, 'button', 'Cancelar'));
    await click(byText(view.container, 'button', 'Sair sem salvar'));
    expect(view.navigations).toEqual(['/grupos-de-usuario/g1']);
    view.unmount();
  });
});
