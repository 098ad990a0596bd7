import '../../i18n/recordPageTexts';
import { useEffect, useRef, useState } from 'react';
import { PIX_KEY_TYPES, type PixKeyType } from '../../../contracts/brazil/pix';
import { request } from '../../api';
import { catalogueEntry } from '../../catalogue';
import { maskPixKey } from '../../format/masks';
import { t } from '../../i18n';
import { apiPath } from '../../resources/paths';
import * as ui from '../ui.css';
import { shortName, type InputProps } from './types';

interface OfferedKey {
  type: PixKeyType;
  key: string;
  isDefault?: boolean;
}

type Loaded = { id: string; keys: OfferedKey[] } | { id: string; failed: true };

/** One read per account for a few seconds: a lançamento's parcelas on one account ask once. */
const recent = new Map<string, { at: number; keys: Promise<OfferedKey[]> }>();
const FRESH_MS = 15_000;

function keysOf(api: string, path: string, list: string): Promise<OfferedKey[]> {
  const cached = recent.get(path);
  if (cached && Date.now() - cached.at < FRESH_MS) return cached.keys;
  const keys = request<Record<string, unknown>>(api, path, { silent: true }).then((record) =>
    (Array.isArray(record[list]) ? (record[list] as OfferedKey[]) : []).filter((entry) => (PIX_KEY_TYPES as readonly string[]).includes(entry.type) && typeof entry.key === 'string'),
  );
  recent.set(path, { at: Date.now(), keys });
  keys.catch(() => recent.delete(path));
  return keys;
}

const optionLabel = (entry: OfferedKey) => t(entry.isDefault ? 'brazil.pix.choice.principal' : 'brazil.pix.choice.option', { type: t(`brazil.pix.type.${entry.type}`), key: maskPixKey(entry.key) });

/**
 * pixKey with `chosenFrom`: the key is chosen, never typed — a select of the keys of the record the
 * sibling reference names (a receivable's receiving account). Choosing one sets the key and its
 * type; an account with one key (or a principal one) fills an empty choice; another account clears
 * a key that is not one of its own. The server refuses any other key (finance/receipts.ts).
 */
export function PixKeyChoiceInput({ id, def, field, value, onChange, onSiblings, siblings, params, invalid, describedBy }: InputProps) {
  const choice = def.type === 'pixKey' ? def.chosenFrom : undefined;
  const typeField = def.type === 'pixKey' ? def.typeField : undefined;
  const accountId = choice && typeof siblings?.[choice.reference] === 'string' ? (siblings[choice.reference] as string) : '';
  const current = typeof value === 'string' ? value : '';
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const firstAccount = useRef(accountId);

  const set = (entry: OfferedKey | null) => {
    const key = entry?.key ?? null;
    if (typeField && onSiblings) onSiblings({ [shortName(field)]: key, [typeField]: entry?.type ?? null });
    else onChange(key);
  };

  useEffect(() => {
    setLoaded(null);
    const target = choice ? catalogueEntry(choice.resource) : undefined;
    if (!choice || !target || !accountId) return;
    let live = true;
    keysOf(target.api, apiPath(target, params, accountId), choice.list)
      .then((keys) => {
        if (!live) return;
        setLoaded({ id: accountId, keys });
        const own = keys.some((entry) => entry.key === current);
        const fill = keys.length === 1 ? keys[0] : keys.find((entry) => entry.isDefault);
        // The account the record had keeps its key as it is; another account's choice starts again.
        if (!current && fill) set(fill);
        else if (current && !own && accountId !== firstAccount.current) set(fill ?? null);
      })
      .catch(() => live && setLoaded({ id: accountId, failed: true }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accountId]);

  const keys = loaded && 'keys' in loaded && loaded.id === accountId ? loaded.keys : null;
  const failed = loaded !== null && 'failed' in loaded;
  const hintId = `${id}-pix-choice`;
  const placeholder = !accountId
    ? t('brazil.pix.choice.noAccount')
    : failed
      ? t('brazil.pix.choice.failed')
      : !keys
        ? t('brazil.pix.choice.loading')
        : keys.length === 0
          ? t('brazil.pix.choice.none')
          : t('brazil.pix.choice.choose');
  const stray = current && keys && !keys.some((entry) => entry.key === current);
  return (
    <>
      <select
        id={id}
        className={ui.input}
        value={current}
        disabled={!accountId || (!keys && !current)}
        aria-busy={(accountId && !keys && !failed) || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={[describedBy, hintId].filter(Boolean).join(' ')}
        onChange={(event) => set(keys?.find((entry) => entry.key === event.target.value) ?? null)}
      >
        <option value="">{placeholder}</option>
        {keys?.map((entry) => (
          <option key={entry.key} value={entry.key}>
            {optionLabel(entry)}
          </option>
        ))}
        {current && (!keys || stray) && <option value={current}>{stray ? t('brazil.pix.choice.notOnAccount', { key: maskPixKey(current) }) : maskPixKey(current)}</option>}
      </select>
      <span id={hintId} className={ui.hint}>
        {keys && keys.length === 0 ? t('brazil.pix.choice.hintNone') : t('brazil.pix.choice.hint')}
      </span>
    </>
  );
}
