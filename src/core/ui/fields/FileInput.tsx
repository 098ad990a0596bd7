import '../../i18n/recordPageTexts';
import { useEffect, useRef, useState } from 'react';
import { FILE_MAX_BYTES, IMAGE_TYPES } from '../../../contracts/files';
import { isApiError } from '../../api';
import { acceptAttribute, acceptedNames, checkFile, fetchFileObjectUrl, fileFamily, getStoredFile, isFileRefused, uploadFile } from '../../files';
import { t } from '../../i18n';
import { FilePicker } from '../FilePicker';
import * as ui from '../ui.css';
import * as css from './file.css';
import type { InputProps } from './types';

/** The file the value names: its details once known, and the picked file itself after an upload. */
interface Shown {
  id: string;
  name: string | null;
  contentType: string | null;
  local?: Blob;
}

interface Progress {
  name: string;
  sent: number;
  total: number;
}

const isImage = (type: string | null | undefined) => Boolean(type) && (IMAGE_TYPES as readonly string[]).includes(type!);
const maxText = `${Math.round(FILE_MAX_BYTES / (1024 * 1024))} MB`;

/** The pt-BR lines of an upload failure: the refusal, or the server's message and field errors. */
function errorLines(error: unknown): string[] {
  if (isFileRefused(error)) return [error.message];
  if (isApiError(error)) {
    const lines = [error.message, ...Object.values(error.errors ?? {}).flat()];
    return [...new Set(lines.filter(Boolean))];
  }
  return [t('registry.file.failed')];
}

/**
 * file: sends the chosen file in 64 KB parts (core/files.ts) to the files API of the resource's
 * family and keeps its id; shows the progress, the file's name, a thumbnail of images, a button
 * to remove it, and the refusals and server errors under the input.
 */
export function FileInput({ id, resource, def, value, onChange, describedBy, invalid, refs }: InputProps) {
  const accept = def.type === 'file' ? def.accept : undefined;
  const api = fileFamily(resource?.api);
  const fileId = typeof value === 'string' && value ? value : null;
  const refLabel = (fileId && refs?.find((ref) => ref.id === fileId)?.label) || refs?.[0]?.label || null;

  const [shown, setShown] = useState<Shown | null>(null);
  const shownRef = useRef<Shown | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const upload = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const show = (next: Shown | null) => {
    shownRef.current = next;
    setShown(next);
  };

  // The details of the file the value names (name, type), unless it is the one just sent.
  useEffect(() => {
    if (!fileId) {
      if (shownRef.current) show(null);
      return;
    }
    if (shownRef.current?.id === fileId) return;
    show({ id: fileId, name: refLabel, contentType: null });
    const controller = new AbortController();
    getStoredFile(fileId, { api, signal: controller.signal })
      .then((stored) => {
        if (!controller.signal.aborted && shownRef.current?.id === fileId) {
          show({ id: fileId, name: stored.name || refLabel, contentType: stored.contentType });
        }
      })
      .catch(() => {
        // no details: the name from `_refs` (or the id) stays
      });
    return () => controller.abort();
    // refLabel only seeds the name: a new label alone needs no new request
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fileId, api]);

  // Thumbnail of an image: the picked file itself, or its content fetched with the token.
  useEffect(() => {
    if (!shown || !isImage(shown.contentType)) {
      setPreview(null);
      return;
    }
    let url: string | null = null;
    const controller = new AbortController();
    if (shown.local) {
      url = URL.createObjectURL(shown.local);
      setPreview(url);
    } else {
      fetchFileObjectUrl(shown.id, { api, signal: controller.signal })
        .then((objectUrl) => {
          if (controller.signal.aborted) URL.revokeObjectURL(objectUrl);
          else {
            url = objectUrl;
            setPreview(objectUrl);
          }
        })
        .catch(() => setPreview(null));
    }
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [shown, api]);

  // Leaving the form stops an upload in progress.
  useEffect(() => () => upload.current?.abort(), []);

  const send = async (file: File) => {
    upload.current?.abort();
    setStatus('');
    const refusal = checkFile(file, accept);
    if (refusal) {
      upload.current = null;
      setProgress(null);
      setErrors([refusal.message]);
      return;
    }
    setErrors([]);
    const controller = new AbortController();
    upload.current = controller;
    setProgress({ name: file.name, sent: 0, total: file.size });
    try {
      const stored = await uploadFile(file, {
        api,
        accept,
        signal: controller.signal,
        onProgress: (sent, total) => {
          if (upload.current === controller) setProgress({ name: file.name, sent, total });
        },
      });
      if (upload.current !== controller) return;
      const name = stored.name || file.name;
      show({ id: stored.id, name, contentType: stored.contentType || file.type, local: file });
      setStatus(t('registry.file.sent', { name }));
      onChange(stored.id);
    } catch (error) {
      if (upload.current !== controller) return; // replaced by another file, or unmounted
      if (isApiError(error) && error.aborted) setStatus(t('registry.file.cancelled'));
      else setErrors(errorLines(error));
    } finally {
      if (upload.current === controller) {
        upload.current = null;
        setProgress(null);
      }
    }
  };

  const cancel = () => {
    upload.current?.abort();
    input.current?.focus();
  };

  const remove = () => {
    show(null);
    setErrors([]);
    setStatus('');
    onChange(null);
    input.current?.focus();
  };

  const hintId = `${id}-file-hint`;
  const errorId = `${id}-file-errors`;
  const progressId = `${id}-file-progress`;
  const name = shown ? (shown.name ?? shown.id) : null;
  const percent = progress ? (progress.total ? Math.floor((progress.sent / progress.total) * 100) : 0) : 0;
  const described = [describedBy, hintId, errors.length ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={css.box} data-file-input="">
      {shown && name && (
        <div className={css.current}>
          {preview && <img className={css.thumbnail} src={preview} alt={t('registry.file.preview', { name })} />}
          <p className={css.name}>{t('registry.file.current', { name })}</p>
          {!progress && (
            <button type="button" className={ui.button.secondary} onClick={remove}>
              {t('registry.file.remove')}
            </button>
          )}
        </div>
      )}
      <FilePicker
        ref={input}
        id={id}
        accept={acceptAttribute(accept)}
        aria-describedby={described}
        aria-invalid={invalid || errors.length > 0 || undefined}
        aria-busy={progress ? true : undefined}
        status={progress?.name ?? shown?.name ?? undefined}
        clearAfterPick
        onFile={(file) => {
          if (file) void send(file);
        }}
      />
      <span id={hintId} className={ui.hint}>{t('registry.file.hint', { types: acceptedNames(accept), max: maxText })}</span>
      {progress && (
        <div className={css.progress}>
          <label htmlFor={progressId}>{t('registry.file.progress', { percent })}</label>
          <progress id={progressId} className={css.bar} max={progress.total || 1} value={progress.sent} aria-describedby={`${progressId}-name`} />
          <span id={`${progressId}-name`} className={ui.hint}>{t('registry.file.progressLabel', { name: progress.name })}</span>
          <div>
            <button type="button" className={ui.button.secondary} onClick={cancel}>{t('registry.file.cancel')}</button>
          </div>
        </div>
      )}
      <span role="status" className={ui.hint}>{status}</span>
      {errors.length > 0 && (
        <div id={errorId} role="alert">
          <ul className={ui.fieldError}>
            {errors.map((message, index) => <li key={index}>{message}</li>)}
          </ul>
        </div>
      )}
    </div>
  );
}
