import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotices, getNotices } from '../../../src/core/notices';
import { getSession, resetSession, setField } from '../../../src/core/session';
import { notifyNewVersion, refreshApp, showUpdateCompletedNotice } from '../../../src/core/version';

beforeEach(() => {
  resetSession();
  clearNotices();
  localStorage.clear();
});

describe('new version (spec §4)', () => {
  it('flags the session and offers "Atualizar agora"', () => {
    const notice = notifyNewVersion('0.2.0');
    expect(getSession().newAppVersionAvailable).toBe(true);
    expect(notice).toMatchObject({
      overline: 'NOVA VERSÃO DISPONÍVEL',
      message: 'Uma nova versão do Retaguarda está disponível.',
      actionButton: { label: 'Atualizar agora', action: 'refresh-app' },
      autoDismiss: false,
    });
  });

  it('after the refresh: "ATUALIZAÇÃO CONCLUÍDA" once, with the current version', () => {
    setField('newAppVersionAvailable', true);
    setField('frontEndVersion', '0.1.0');
    const reload = vi.fn();
    refreshApp(reload);
    expect(reload).toHaveBeenCalledOnce();
    expect(getSession()).toMatchObject({ newAppVersionAvailable: false, frontEndVersion: null });

    const notice = showUpdateCompletedNotice('0.2.0');
    expect(notice).toMatchObject({
      type: 'info',
      overline: 'ATUALIZAÇÃO CONCLUÍDA',
      message: 'Agora você está usando a versão mais recente.',
      details: ['Versão atual: 0.2.0'],
      dismissButton: { label: 'Obrigado pelo aviso.', action: 'dismiss' },
    });
    expect(showUpdateCompletedNotice('0.2.0')).toBeNull();
    expect(getNotices()).toHaveLength(1);
  });

  it('no marker, no notice', () => {
    expect(showUpdateCompletedNotice('0.2.0')).toBeNull();
  });
});
