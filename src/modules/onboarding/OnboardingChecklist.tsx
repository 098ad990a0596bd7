/**
 * "Primeiros passos" on the administrator's home (issue 28): the organisation's first-run
 * checklist as the server computes it (GET onboarding; the steps are data in
 * contracts/onboarding.ts) — what is done, skipped and left, each step with the screens that do it,
 * its one-click helper when it has one, and "Pular" / "Retomar" for whoever may change the
 * settings. Shown to who may read the settings, first on the home while a step is left; with
 * nothing left, it folds to one line at the end of the home.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { findOnboardingStep, type OnboardingState } from '../../contracts/onboarding';
import { registerCatalogue, t } from '../../core/i18n';
import { can, permissionSubjectAtom } from '../../core/permissions';
import { StatusBadge } from '../../core/ui/StatusBadge';
import * as ui from '../../core/ui/ui.css';
import { setSkipped, useOnboarding } from './api';
import { onboarding } from './catalogue';
import * as css from './onboarding.css';
import { StepActions } from './StepActions';
import { StepLinks } from './StepLinks';

registerCatalogue(onboarding);

type Step = OnboardingState['steps'][number];

const stateOf = (step: Step) => (step.done ? 'done' : step.skipped ? 'skipped' : 'left');
const TONES = { done: 'success', skipped: 'neutral', left: 'warning' } as const;

/** True when the checklist leads the home: the user may read the settings and a step is left. */
export function useChecklistLeads(): boolean {
  const subject = useAtomValue(permissionSubjectAtom);
  const readable = can(subject, 'settings', 'read').can;
  const { data } = useOnboarding(readable);
  return Boolean(readable && data && data.total - data.done - data.skipped > 0);
}

/**
 * `placement`: the home renders it twice, at the top and at the end; the one whose place fits the
 * state shows (one request: both read the same cached answer).
 */
export function OnboardingChecklist({ placement }: { placement: 'top' | 'bottom' }) {
  const subject = useAtomValue(permissionSubjectAtom);
  const readable = can(subject, 'settings', 'read').can;
  const query = useOnboarding(readable);
  const titleId = useId();
  const [expanded, setExpanded] = useState(false);
  // Back on the home after doing a step elsewhere: ask again (the cached answer shows meanwhile).
  useEffect(() => {
    if (readable && placement === 'top') void query.reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readable]);
  const state = query.data;
  if (!readable || !state) return null;
  const left = state.total - state.done - state.skipped;
  const showSteps = left > 0 || expanded;
  // While something is left the checklist leads the home; once settled it folds at the end.
  if ((left > 0) !== (placement === 'top')) return null;
  const progressKey = state.skipped === 0 ? 'onboarding.progress' : state.skipped === 1 ? 'onboarding.progressSkippedOne' : 'onboarding.progressSkipped';
  const progress = t(progressKey, { done: state.done, total: state.total, skipped: state.skipped });
  return (
    <section className={ui.card} aria-labelledby={titleId} part="onboarding" data-onboarding="">
      <div className={ui.stack} style={{ gap: 12 }}>
        <div className={css.header}>
          <h2 id={titleId} style={{ margin: 0 }}>{t('onboarding.title')}</h2>
          <span>{progress}</span>
        </div>
        <progress className={css.progress} max={state.total} value={state.done + state.skipped} aria-label={t('onboarding.progressLabel')} aria-valuetext={progress} />
        <p style={{ margin: 0 }}>{left > 0 ? t('onboarding.intro') : t('onboarding.allSet')}</p>
        {left === 0 && (
          <div>
            <button type="button" className={ui.button.link} aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? t('onboarding.hideSteps') : t('onboarding.showSteps')}
            </button>
          </div>
        )}
        {showSteps && (
          <ol className={css.steps}>
            {state.steps.map((step) => {
              const def = findOnboardingStep(step.key);
              const status = stateOf(step);
              return (
                <li key={step.key} className={status === 'left' ? css.step : `${css.step} ${css.stepSettled}`} data-step={step.key} data-state={status}>
                  <div className={css.stepBody}>
                    <h3 className={css.stepTitle}>
                      <span>{step.title}</span>
                      <StatusBadge label={t(`onboarding.state.${status}`)} tone={TONES[status]} />
                    </h3>
                    {def && status !== 'done' && <p className={css.description}>{def.description}</p>}
                    {def && <StepLinks step={def} />}
                    {def && <StepActions step={def} done={step.done} />}
                  </div>
                  <SkipButton step={step} />
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </section>
  );
}

function SkipButton({ step }: { step: Step }) {
  const subject = useAtomValue(permissionSubjectAtom);
  const [busy, setBusy] = useState(false);
  if (step.done || !can(subject, 'settings', 'update').can) return <span />;
  const toggle = async () => {
    setBusy(true);
    try {
      await setSkipped(step.key, !step.skipped);
    } catch {
      // the HTTP notice says why
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={ui.button.secondary}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={t(step.skipped ? 'onboarding.unskipLabel' : 'onboarding.skipLabel', { title: step.title })}
      onClick={() => void toggle()}
    >
      {step.skipped ? t('onboarding.unskip') : t('onboarding.skip')}
    </button>
  );
}
