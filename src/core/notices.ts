/**
 * Notices (snackbars), spec §3/§8/§9: at most 3 at once (the oldest dropped), one with the same
 * id replaced, auto-dismissed after 3 s except errors and the 401/403 notices.
 *
 * Importing this module registers the HTTP error hook of api.ts (every element imports it).
 */
import { atom } from 'jotai/vanilla';
import { ApiError, onHttpError, statusText, type HttpStatus } from './api';
import { hasMessage, t } from './i18n';
import { store } from './store';

export type NoticeType = 'success' | 'error' | 'neutral' | 'info' | 'warning';
/**
 * Commands the UI executes: close; reload the page; log out and open the small login window;
 * refresh to the new app version; keep the session going (sessionLife.ts's warning).
 */
export type NoticeAction = 'dismiss' | 'reload' | 'login' | 'refresh-app' | 'keep-session';

export interface NoticeButton {
  label: string;
  action: NoticeAction;
}

export interface Notice {
  id: string;
  overline: string;
  message: string;
  icon?: string;
  type: NoticeType;
  autoDismiss: boolean;
  dismissButton?: NoticeButton;
  actionButton?: NoticeButton;
  /** Anything the notice is about (a record, a file…), for the UI. */
  item?: unknown;
  /** Extra lines (field errors, server detail), shown as a bulleted list. */
  details?: string[];
  /** HTTP status behind the notice, when there is one. */
  status?: HttpStatus;
  createdAt: number;
}

export type NoticeInput = Partial<Omit<Notice, 'createdAt'>> & { status?: HttpStatus | null };

export const NOTICE_AUTO_DISMISS_MS = 3000;
export const MAX_NOTICES = 3;
export const HTTP_401_NOTICE_ID = 'http-401';
export const HTTP_403_NOTICE_ID = 'http-403';

/** Notice type per status (spec §8 table). */
export const STATUS_TYPES: Readonly<Record<string, NoticeType>> = {
  UNK: 'error',
  200: 'success',
  201: 'success',
  202: 'success',
  204: 'success',
  304: 'neutral',
  400: 'error',
  401: 'error',
  403: 'error',
  404: 'error',
  405: 'error',
  408: 'error',
  409: 'error',
  413: 'error',
  415: 'error',
  429: 'error',
  500: 'error',
  503: 'error',
  520: 'error',
};

/** Status whose text a notice without its own message uses (spec §8). */
export const DEFAULT_STATUS_BY_TYPE: Readonly<Record<NoticeType, number>> = {
  success: 200,
  neutral: 304,
  info: 304,
  error: 400,
  warning: 400,
};

const OVERLINE_KEYS: Record<NoticeType, string> = {
  error: 'notice.overline.error',
  success: 'notice.overline.success',
  neutral: 'notice.overline.neutral',
  warning: 'notice.overline.warning',
  info: 'notice.overline.info',
};

const ICONS: Record<NoticeType, string> = {
  error: 'error',
  success: 'check_circle',
  neutral: 'notifications',
  warning: 'warning',
  info: 'info',
};

export const overlineFor = (type: NoticeType): string => t(OVERLINE_KEYS[type]);

export const noticesAtom = atom<Notice[]>([]);

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let sequence = 0;

function clearTimer(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

const isPersistentStatus = (status: unknown) => status === 401 || status === 403;

/** Shows a notice and returns it. Defaults: type 'info', overline and text by type/status. */
export function notify(input: NoticeInput): Notice {
  const type: NoticeType = input.type ?? (input.status != null ? (STATUS_TYPES[String(input.status)] ?? 'error') : 'info');
  const status = input.status ?? undefined;
  const message =
    input.message ?? (status !== undefined ? statusText(status) : statusText(DEFAULT_STATUS_BY_TYPE[type]));
  const persistent =
    type === 'error' || isPersistentStatus(status) || input.id === HTTP_401_NOTICE_ID || input.id === HTTP_403_NOTICE_ID;
  const notice: Notice = {
    id: input.id ?? `notice-${Date.now().toString(36)}-${(++sequence).toString(36)}`,
    overline: input.overline ?? overlineFor(type),
    message,
    icon: input.icon ?? ICONS[type],
    type,
    autoDismiss: persistent ? false : (input.autoDismiss ?? true),
    ...(input.dismissButton ? { dismissButton: input.dismissButton } : {}),
    ...(input.actionButton ? { actionButton: input.actionButton } : {}),
    ...(input.item !== undefined ? { item: input.item } : {}),
    ...(input.details?.length ? { details: input.details } : {}),
    ...(status !== undefined ? { status } : {}),
    createdAt: Date.now(),
  };

  clearTimer(notice.id);
  const current = store.get(noticesAtom);
  const index = current.findIndex((n) => n.id === notice.id);
  let next = index >= 0 ? current.map((n, i) => (i === index ? notice : n)) : [...current, notice];
  while (next.length > MAX_NOTICES) {
    clearTimer(next[0].id);
    next = next.slice(1);
  }
  store.set(noticesAtom, next);

  if (notice.autoDismiss) {
    timers.set(
      notice.id,
      setTimeout(() => {
        timers.delete(notice.id);
        // Only this very notice: a replacement with the same id has its own timer.
        if (store.get(noticesAtom).some((n) => n === notice)) dismissNotice(notice.id);
      }, NOTICE_AUTO_DISMISS_MS),
    );
  }
  return notice;
}

export function dismissNotice(id: string): void {
  clearTimer(id);
  const current = store.get(noticesAtom);
  if (current.some((n) => n.id === id)) store.set(noticesAtom, current.filter((n) => n.id !== id));
}

export function clearNotices(): void {
  for (const id of [...timers.keys()]) clearTimer(id);
  store.set(noticesAtom, []);
}

export function getNotices(): Notice[] {
  return store.get(noticesAtom);
}

// ---------------------------------------------------------------- field errors

/** The label of a field the caller or the catalogue knows; none for any other key (a body's `content`): a raw key is never shown. */
function fieldLabel(field: string, labels?: Readonly<Record<string, string>>): string | null {
  if (labels?.[field]) return labels[field];
  if (hasMessage(`fields.${field}`)) return t(`fields.${field}`);
  return null;
}

/**
 * One line per message, prefixed by the field label when the field is known ("E-mail: já
 * cadastrado"), the message alone otherwise; a message already said (`said`: the notice's own
 * message, its detail) or already listed is not repeated.
 */
export function fieldErrorLines(
  errors: Readonly<Record<string, readonly string[]>> | undefined | null,
  labels?: Readonly<Record<string, string>>,
  said: readonly string[] = [],
): string[] {
  if (!errors) return [];
  const seen = new Set(said.map((text) => text.trim()));
  const lines: string[] = [];
  for (const [field, messages] of Object.entries(errors)) {
    for (const message of messages ?? []) {
      if (seen.has(message.trim())) continue;
      const label = field === '' || field === '_' ? null : fieldLabel(field, labels);
      const line = label ? t('notice.fieldError', { label, message }) : message;
      if (seen.has(line)) continue;
      seen.add(line);
      lines.push(line);
    }
  }
  return lines;
}

/** Forms: field → bulleted list of its messages ("• a\n• b"). */
export function formatFieldErrors(errors: Readonly<Record<string, readonly string[]>> | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    if (messages?.length) out[field] = messages.map((m) => `• ${m}`).join('\n');
  }
  return out;
}

// ---------------------------------------------------------------- status notices

export interface StatusNoticeExtras {
  errors?: Record<string, string[]>;
  detail?: string;
  data?: unknown;
  /** Server message: appended to an error notice when it differs from the status text. */
  message?: string;
  labels?: Readonly<Record<string, string>>;
}

function dataLines(data: unknown): string[] {
  if (typeof data === 'string') return data.trim() ? [data.trim()] : [];
  if (Array.isArray(data)) return data.filter((d): d is string => typeof d === 'string' && d.trim() !== '');
  return [];
}

/**
 * Notice for an HTTP status: catalogue text, type from the spec table (any other code is an
 * unexpected error; a non-status is an unknown error). Error notices append the server's
 * message, detail, field errors (one line per message, prefixed by the field label) and data.
 */
export function noticeForStatus(status: unknown, extras: StatusNoticeExtras = {}): NoticeInput {
  const known = status === 'UNK' || (typeof status === 'number' && Number.isInteger(status));
  const type: NoticeType = known ? (STATUS_TYPES[String(status)] ?? 'error') : 'error';
  const message = statusText(status);
  const input: NoticeInput = { type, message, ...(known ? { status: status as HttpStatus } : {}) };
  if (type === 'error') {
    const said = [
      ...(extras.message && extras.message !== message ? [extras.message] : []),
      ...(extras.detail ? [extras.detail] : []),
    ];
    const details = [
      ...said,
      // A field's message that repeats the notice's own (an OFX or CNAB file refused whole: its `content`) is said once.
      ...fieldErrorLines(extras.errors, extras.labels, [message, ...said]),
      ...(extras.errors || extras.detail ? [] : dataLines(extras.data)),
    ];
    if (details.length) input.details = details;
  }
  return input;
}

/** The persistent 401 notice: "Atualizar" (reload) and "Fazer login" (log out + small login window). */
export function notice401(): NoticeInput {
  return {
    id: HTTP_401_NOTICE_ID,
    type: 'error',
    status: 401,
    message: statusText(401),
    autoDismiss: false,
    dismissButton: { label: t('notice.button.reload'), action: 'reload' },
    actionButton: { label: t('notice.button.login'), action: 'login' },
  };
}

/** The persistent 403 notice with "Entendi". */
export function notice403(): NoticeInput {
  return {
    id: HTTP_403_NOTICE_ID,
    type: 'error',
    status: 403,
    message: statusText(403),
    autoDismiss: false,
    dismissButton: { label: t('notice.button.understood'), action: 'dismiss' },
  };
}

/** Shows the notice a failed call deserves. */
export function notifyHttpError(error: ApiError): Notice {
  if (error.status === 401) return notify(notice401());
  if (error.status === 403) return notify(notice403());
  return notify(
    noticeForStatus(error.status, { errors: error.errors, detail: error.detail, data: error.data, message: error.message }),
  );
}

let unsubscribeHttp: (() => void) | null = null;

/** Registers the api.ts error hook (done on import; idempotent). */
export function installHttpErrorNotices(): void {
  unsubscribeHttp ??= onHttpError((error) => {
    notifyHttpError(error);
  });
}

export function uninstallHttpErrorNotices(): void {
  unsubscribeHttp?.();
  unsubscribeHttp = null;
}

installHttpErrorNotices();
