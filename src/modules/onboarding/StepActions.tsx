/**
 * The one-click helpers of a checklist step (contracts/onboarding.ts `imports` and `helper`): the
 * import template and the wizard, the head office from the organisation's data, "Usar o plano de
 * contas padrão", and the approval queue
 * templates — each offered only to who may do what it does.
 */
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { IMPORT_RESOURCE_LABELS } from '../../contracts/imports';
import { APPROVAL_TEMPLATES, type OnboardingStepDef } from '../../contracts/onboarding';
import { catalogueEntry } from '../../core/catalogue';
import { t } from '../../core/i18n';
import { notify } from '../../core/notices';
import { can, permissionSubjectAtom } from '../../core/permissions';
import { invalidate } from '../../core/resources/cache';
import { useNavigation } from '../../core/navigation';
import { Link } from '../../core/ui/Link';
import * as ui from '../../core/ui/ui.css';
import { downloadImportTemplate } from '../imports/api';
import { applyApprovalTemplate, applyHeadOffice, applyStandardChart, ONBOARDING_KEY } from './api';
import * as css from './onboarding.css';

/** Runs `work` with the button busy; a refusal is told by the HTTP notice. */
function useBusy() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (name: string, work: () => Promise<void>) => {
    setBusy(name);
    try {
      await work();
    } catch {
      // the HTTP notice explains it (403, 409)
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

export function StepActions({ step, done }: { step: OnboardingStepDef; done: boolean }) {
  const subject = useAtomValue(permissionSubjectAtom);
  const { busy, run } = useBusy();
  const { go } = useNavigation();
  const may = (resource: string, scope: string) => can(subject, resource, scope).can;
  const buttons = [];

  if (step.imports) {
    const type = step.imports;
    const wizard = catalogueEntry('importBatches');
    if (may('importBatches', 'read')) {
      buttons.push(
        <button key="template" type="button" className={ui.button.secondary} disabled={busy === 'template'} aria-busy={busy === 'template' || undefined}
          aria-label={t('onboarding.templateLabel', { what: IMPORT_RESOURCE_LABELS[type].toLowerCase() })}
          onClick={() => void run('template', () => downloadImportTemplate(type))}>
          {t('onboarding.template')}
        </button>,
      );
    }
    if (wizard && may('importBatches', 'create')) {
      buttons.push(<Link key="wizard" className={ui.button.secondary} href={`${wizard.route.base}/adicionar?tipo=${type}`}>{t('onboarding.import')}</Link>);
    }
  }

  if (step.helper === 'headOffice' && !done && may('companies', 'create')) {
    const companies = catalogueEntry('companies');
    return (
      <div className={ui.stack} style={{ gap: 8 }}>
        <p className={css.description}>{t('onboarding.headOfficeHelp')}</p>
        <div className={ui.row}>
          <button type="button" className={ui.button.primary} disabled={busy === 'headOffice'} aria-busy={busy === 'headOffice' || undefined}
            onClick={() => void run('headOffice', async () => {
              const created = await applyHeadOffice();
              notify({ type: 'success', message: t('onboarding.headOfficeDone') });
              await Promise.all([invalidate(ONBOARDING_KEY), invalidate(['companies']), invalidate(['companyTypes'])]);
              // Straight to its form, to complete what the organisation's data does not say.
              if (companies) go(`${companies.route.base.replace('{companyTypeId}', encodeURIComponent(created.companyTypeId))}/${encodeURIComponent(created.companyId)}/editar`);
            })}>
            {busy === 'headOffice' ? t('onboarding.working') : t('onboarding.headOffice')}
          </button>
        </div>
      </div>
    );
  }

  if (step.helper === 'standardChart' && !done && ['chartAccounts', 'expenseCategories', 'revenueCategories'].every((name) => may(name, 'create'))) {
    return (
      <div className={ui.stack} style={{ gap: 8 }}>
        <p className={css.description}>{t('onboarding.standardChartHelp')}</p>
        <div className={ui.row}>
          <button type="button" className={ui.button.primary} disabled={busy === 'chart'} aria-busy={busy === 'chart' || undefined}
            onClick={() => void run('chart', async () => {
              const created = await applyStandardChart();
              notify({ type: 'success', message: t('onboarding.standardChartDone', { chart: created.chartAccounts, expense: created.expenseCategories, revenue: created.revenueCategories }) });
              await Promise.all([invalidate(ONBOARDING_KEY), invalidate(['chartAccounts']), invalidate(['expenseCategories']), invalidate(['revenueCategories'])]);
            })}>
            {busy === 'chart' ? t('onboarding.working') : t('onboarding.standardChart')}
          </button>
        </div>
      </div>
    );
  }

  if (step.helper === 'approvalTemplates' && may('approvalQueues', 'create')) {
    return (
      <ul className={css.templates} aria-label={t('onboarding.templates')}>
        {APPROVAL_TEMPLATES.map((template) => (
          <li key={template.key} className={css.template}>
            <span className={css.templateText}>
              <strong>{template.name}</strong>
              <br />
              <span className={css.description}>{template.description}</span>
            </span>
            <button type="button" className={ui.button.secondary} disabled={busy === template.key} aria-busy={busy === template.key || undefined}
              aria-label={t('onboarding.useTemplateLabel', { name: template.name })}
              onClick={() => void run(template.key, async () => {
                const queue = await applyApprovalTemplate(template.key);
                notify({ type: 'success', message: t('onboarding.templateCreated', { name: queue.name }) });
                await Promise.all([invalidate(ONBOARDING_KEY), invalidate(['approvalQueues'])]);
              })}>
              {t('onboarding.useTemplate')}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return buttons.length ? <div className={ui.row}>{buttons}</div> : null;
}
