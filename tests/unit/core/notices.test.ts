import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/core/api';
import {
  MAX_NOTICES,
  NOTICE_AUTO_DISMISS_MS,
  clearNotices,
  dismissNotice,
  formatFieldErrors,
  getNotices,
  noticeForStatus,
  notify,
  notifyHttpError,
} from '../../../src/core/notices';

beforeEach(() => {
  vi.useFakeTimers();
  clearNotices();
});
afterEach(() => vi.useRealTimers());

describe('notice stack (spec §4, §9)', () => {
  it('keeps at most 3, dropping the oldest', () => {
    expect(MAX_NOTICES).toBe(3);
    for (const id of ['a', 'b', 'c', 'd']) notify({ id, type: 'error', message: id });
    expect(getNotices().map((n) => n.id)).toEqual(['b', 'c', 'd']);
  });

  it('replaces a notice with the same id', () => {
    notify({ id: 'x', type: 'neutral', message: 'primeiro' });
    notify({ id: 'y', type: 'neutral', message: 'outro' });
    notify({ id: 'x', type: 'neutral', message: 'segundo' });
    expect(getNotices().map((n) => [n.id, n.message])).toEqual([
      ['x', 'segundo'],
      ['y', 'outro'],
    ]);
  });

  it('auto-dismisses after 3 s', () => {
    expect(NOTICE_AUTO_DISMISS_MS).toBe(3000);
    notify({ id: 'ok', type: 'success' });
    vi.advanceTimersByTime(2999);
    expect(getNotices()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getNotices()).toHaveLength(0);
  });

  it('a replacement restarts the timer', () => {
    notify({ id: 'ok', type: 'success' });
    vi.advanceTimersByTime(2000);
    notify({ id: 'ok', type: 'success', message: 'de novo' });
    vi.advanceTimersByTime(2000);
    expect(getNotices().map((n) => n.message)).toEqual(['de novo']);
    vi.advanceTimersByTime(1000);
    expect(getNotices()).toHaveLength(0);
  });

  it('does not auto-dismiss errors, 401 or 403 notices', () => {
    notify({ id: 'e', type: 'error', message: 'falhou', autoDismiss: true });
    notifyHttpError(new ApiError({ status: 401, message: 'x' }));
    notifyHttpError(new ApiError({ status: 403, message: 'x' }));
    vi.advanceTimersByTime(60_000);
    expect(getNotices().map((n) => n.id)).toEqual(['e', 'http-401', 'http-403']);
    expect(getNotices().every((n) => !n.autoDismiss)).toBe(true);
    dismissNotice('e');
    expect(getNotices().map((n) => n.id)).toEqual(['http-401', 'http-403']);
  });

  it('401 notice: "Atualizar" reloads, "Fazer login" logs in; 403: "Entendi"', () => {
    const n401 = notifyHttpError(new ApiError({ status: 401, message: 'x' }));
    expect(n401).toMatchObject({
      id: 'http-401',
      type: 'error',
      overline: 'ERRO',
      message: 'Você precisa se autenticar para continuar.',
      dismissButton: { label: 'Atualizar', action: 'reload' },
      actionButton: { label: 'Fazer login', action: 'login' },
    });
    const n403 = notifyHttpError(new ApiError({ status: 403, message: 'x' }));
    expect(n403).toMatchObject({ id: 'http-403', message: 'Você não tem permissão para este acesso.', dismissButton: { label: 'Entendi', action: 'dismiss' } });
    // Parallel 401s show one notice.
    notifyHttpError(new ApiError({ status: 401, message: 'x' }));
    expect(getNotices().filter((n) => n.id === 'http-401')).toHaveLength(1);
  });
});

describe('noticeForStatus (spec §8)', () => {
  it('catalogue text and type per status', () => {
    expect(noticeForStatus(201)).toMatchObject({ type: 'success', message: 'O registro foi criado com sucesso.' });
    expect(noticeForStatus(304)).toMatchObject({ type: 'neutral', message: 'Nada foi alterado.' });
    expect(noticeForStatus(409)).toMatchObject({ type: 'error', message: 'Um ou mais dados informados já foram cadastrados.' });
    expect(noticeForStatus(413).message).toBe('O arquivo é grande demais.');
    expect(noticeForStatus(415).message).toBe('O tipo de arquivo não é suportado.');
    expect(noticeForStatus(429).message).toBe('Muitas requisições. Tente novamente mais tarde.');
    expect(noticeForStatus('UNK').type).toBe('error');
  });

  it('any other code is an unexpected error; a non-status is unknown', () => {
    expect(noticeForStatus(418)).toMatchObject({ type: 'error', message: 'Ocorreu um erro inesperado.' });
    expect(noticeForStatus(undefined)).toMatchObject({ type: 'error', message: 'Ocorreu um erro desconhecido.' });
  });

  it('a notice with a type and no text uses the default status (success 200, info 304, error 400)', () => {
    expect(notify({ type: 'success' }).message).toBe('A requisição foi processada com sucesso.');
    expect(notify({ type: 'info' }).message).toBe('Nada foi alterado.');
    expect(notify({ type: 'error' })).toMatchObject({ overline: 'ERRO', message: 'A requisição falhou devido a um erro de processamento.' });
  });

  it('overlines by type', () => {
    expect(notify({ type: 'success' }).overline).toBe('SUCESSO');
    expect(notify({ type: 'warning' }).overline).toBe('ATENÇÃO');
    expect(notify({ type: 'neutral' }).overline).toBe('AVISO');
    expect(notify({ type: 'info' }).overline).toBe('INFORMAÇÃO');
  });

  it('error notices append the server errors (one line per message, field label first) and detail', () => {
    const input = noticeForStatus(400, {
      message: 'Dados inválidos.',
      errors: { email: ['E-mail inválido.', 'E-mail já usado.'], name: ['Informe o nome.'] },
      detail: 'Verifique o formulário.',
    });
    // A field the catalogue names has its label; any other key is never shown raw (the message alone).
    expect(input.details).toEqual([
      'Dados inválidos.',
      'Verifique o formulário.',
      'E-mail inválido.',
      'E-mail já usado.',
      'Nome: Informe o nome.',
    ]);
    expect(noticeForStatus(400, { errors: { email: ['E-mail inválido.'] }, labels: { email: 'E-mail' } }).details).toEqual(['E-mail: E-mail inválido.']);
    const shown = notifyHttpError(new ApiError({ status: 409, message: 'Já existe.', errors: { cnpj: ['CNPJ já cadastrado.'] } }));
    expect(shown.details).toEqual(['Já existe.', 'CNPJ já cadastrado.']);
    expect(noticeForStatus(500, { data: 'upstream timeout' }).details).toEqual(['upstream timeout']);
  });

  it('says a field error that repeats the message once, never with its raw key (an OFX or CNAB file refused whole)', () => {
    const ofx = 'Este arquivo não é um extrato OFX: falta o cabeçalho OFXHEADER ou a tag <OFX>.';
    const shown = notifyHttpError(new ApiError({ status: 400, message: ofx, errors: { content: [ofx] } }));
    expect(shown.details).toEqual([ofx]);
    expect(shown.details!.join('\n')).not.toContain('content');
    const cnab = 'O arquivo não é um retorno CNAB 240: a linha 1 tem 239 posições.';
    const tooLarge = notifyHttpError(new ApiError({ status: 413, message: cnab, errors: { content: [cnab], bankAccountId: [cnab] } }));
    expect(tooLarge.details).toEqual([cnab]);
    // A field message that is not the notice's own is still listed, once.
    const other = notifyHttpError(new ApiError({ status: 400, message: ofx, errors: { content: ['A linha 12 não tem data.', 'A linha 12 não tem data.'] } }));
    expect(other.details).toEqual([ofx, 'A linha 12 não tem data.']);
  });

  it('formatFieldErrors gives a bulleted list per field', () => {
    expect(formatFieldErrors({ email: ['Inválido.', 'Já usado.'], name: [] })).toEqual({ email: '• Inválido.\n• Já usado.' });
  });
});
