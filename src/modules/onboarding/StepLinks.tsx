/** The screens that do a checklist step, as links (only those the user may open), found in the client catalogue by resource name. */
import { useAtomValue } from 'jotai';
import { catalogueEntry } from '../../core/catalogue';
import { t } from '../../core/i18n';
import { can, permissionSubjectAtom } from '../../core/permissions';
import { resourceLabel } from '../../core/resources/labels';
import { Link } from '../../core/ui/Link';
import type { OnboardingStepDef } from '../../contracts/onboarding';
import * as css from './onboarding.css';

/** A route base up to its first parameter: `/empresas/{companyTypeId}` → `/empresas` (the screen that chooses it). */
export const screenPath = (base: string) => base.split('/{')[0];

/** The import wizard is offered by the step's own buttons, not as a screen link. */
const BY_BUTTON = new Set(['importBatches']);

export function StepLinks({ step }: { step: OnboardingStepDef }) {
  const subject = useAtomValue(permissionSubjectAtom);
  const screens = step.screens
    .filter((name) => !BY_BUTTON.has(name))
    .map((name) => catalogueEntry(name))
    .filter((entry) => entry && can(subject, entry.permission, 'read').can);
  if (!screens.length) return null;
  return (
    <ul className={css.links} aria-label={t('onboarding.opens', { title: step.title })}>
      {screens.map((entry) => (
        <li key={entry!.name}>
          <Link href={screenPath(entry!.route.base)}>{resourceLabel(entry!, 'many')}</Link>
        </li>
      ))}
    </ul>
  );
}
