/** Generic create/edit screen (and the form of a single record such as the settings). */
import '../../core/i18n/recordPageTexts';
import { useContext } from 'react';
import { recordName } from '../../contracts/resource';
import { RecordEventsContext } from '../../core/host/embedding';
import { t } from '../../core/i18n';
import type { FormValues } from '../../core/resources/values';
import { useNavigation } from '../../core/navigation';
import { useRecordTitle } from '../../core/recordTitle';
import { newLabel, resourceLabel } from '../../core/resources/labels';
import { showHref } from '../../core/resources/paths';
import { useRecord } from '../../core/resources/useRecord';
import { lockedAll } from '../../core/resources/workflow';
import { Alert } from '../../core/ui/Alert';
import { RecordForm, type RecordFormProps } from '../../core/ui/RecordForm';
import { Spinner } from '../../core/ui/Spinner';
import * as ui from '../../core/ui/ui.css';
import { PageHeader } from './PageHeader';
import type { RegistryPageProps } from './spec';
import { useParentStart } from './useParentStart';
import { useRegistry } from './useRegistry';

export default function FormPage(props: RegistryPageProps) {
  const { resource, routes, access, id } = useRegistry(props);
  const { go } = useNavigation();
  const creating = props.view === 'create';
  const singleForm = props.spec.single?.mode === 'form';
  const allowed = access(creating ? 'create' : singleForm ? 'read' : 'update');
  const { record, loading, error, setRecord } = useRecord(resource, routes.params, creating ? undefined : id, allowed);
  const titleId = `form-${resource.name}`;
  const events = useContext(RecordEventsContext);
  /** Values a new record starts with (a module's create view passes them: the cart's lines; or its parent's, `startsFromParent`). */
  const fromParent = useParentStart(resource, routes.params, creating && allowed);
  const initial = (props.initial as FormValues | undefined) ?? fromParent ?? undefined;
  const showUrl = (recordId: string) => (props.spec.single ? routes.base : showHref(routes, recordId));
  // The record's name in the breadcrumbs of its edit page too (a bookmarked /editar), not its id.
  const named = !creating && record && !props.spec.single ? recordName(resource, record[resource.titleField]) || resourceLabel(resource, 'one') : undefined;
  useRecordTitle(record && !creating ? showUrl(record.id) : '', named);

  if (!allowed) return <Alert>{t('registry.forbidden')}</Alert>;
  if (loading || fromParent === undefined) return <Spinner />;
  if (!creating && (error || !record)) return <Alert>{error?.message ?? t('registry.loadFailed')}</Alert>;

  const title = creating
    ? newLabel(resource)
    : singleForm
      ? resourceLabel(resource, 'one')
      : t('registry.editTitle', { title: recordName(resource, record?.[resource.titleField]) });
  const back = creating ? routes.base : showUrl(record!.id);
  // A bookmarked /editar of a record its state locks whole (an authorised parcela): its page offers
  // no "Editar", so this one says why and shows the values, with nothing to save.
  const locked = !creating && !singleForm && record ? lockedAll(resource, record) : false;

  return (
    <section className={ui.stack} aria-labelledby={titleId}>
      <PageHeader title={title} titleId={titleId} back={singleForm ? undefined : { href: back, label: creating ? t('registry.back') : t('registry.details') }} />
      {locked && <Alert tone="info">{t('workflow.locked')}</Alert>}
      <div className={ui.card}>
        <RecordForm
          key={record ? `${record.id}:${record.version}` : 'new'}
          resource={resource}
          params={routes.params}
          record={creating ? null : record}
          editable={(!singleForm || access('update')) && !locked}
          labelledBy={titleId}
          initial={creating ? initial : undefined}
          sectionExtra={props.sectionExtra as RecordFormProps['sectionExtra']}
          onSaved={(saved) => {
            if (creating) {
              events.created?.(resource.name, saved);
              (props.onCreated as ((record: typeof saved) => void) | undefined)?.(saved);
            }
            if (singleForm) setRecord(saved);
            else go(showUrl(saved.id));
          }}
          onCancel={singleForm ? undefined : () => go(back)}
        />
      </div>
    </section>
  );
}
