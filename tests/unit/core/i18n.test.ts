import { describe, expect, it } from 'vitest';
import { allMessages, hasMessage, registerCatalogue, t } from '../../../src/core/i18n';
import '../../../src/core/i18n/recordPageTexts';
import { approvals } from '../../../src/modules/approvals/catalogue';
import { imports } from '../../../src/modules/imports/catalogue';
import { quotesTexts } from '../../../src/modules/quotes/catalogue';

describe('i18n', () => {
  it('fills {name} placeholders', () => {
    expect(t('version.current', { version: '1.2.3' })).toBe('Versão atual: 1.2.3');
    expect(t('config.unknownApi', { api: 'x' })).toBe('A API "x" não está configurada.');
  });

  it('has a text for every HTTP status of spec §8', () => {
    for (const status of ['UNK', 200, 201, 202, 204, 304, 400, 401, 403, 404, 405, 408, 409, 413, 415, 429, 500, 503, 520]) {
      expect(hasMessage(`http.${status}`), String(status)).toBe(true);
    }
    expect(t('http.401')).toBe('Você precisa se autenticar para continuar.');
  });

  it('other areas register their catalogue; an unknown key shows the key', () => {
    expect(t('pedidos.title')).toBe('pedidos.title');
    registerCatalogue({ 'pedidos.title': 'Pedidos de {who}' });
    expect(t('pedidos.title', { who: 'Ana' })).toBe('Pedidos de Ana');
  });

  it('says one and many in words, never "registro(s)"', () => {
    expect(t('registry.bulk.done', { count: 1 })).toBe('Ação concluída para 1 registro.');
    expect(t('registry.bulk.done', { count: 3 })).toBe('Ação concluída para 3 registros.');
    expect(t('registry.bulk.done', { count: 0 })).toBe('Ação concluída para 0 registros.');
    expect(t('registry.bulk.failed', { count: '1' })).toBe('1 registro não foi processado:');
    const all = Object.entries({ ...allMessages(), ...approvals, ...imports, ...quotesTexts }).filter(([, text]) => /\w\((s|ns|es|ões)\)/.test(text));
    expect(all).toEqual([]);
  });
});
