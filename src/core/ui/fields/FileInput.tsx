import { useState } from 'react';
import { request } from '../../api';
import { t } from '../../i18n';
import type { InputProps } from './types';

/** file: uploads the chosen file to the commons `files` API and keeps its id. */
export function FileInput({ id, value, onChange, describedBy, invalid, refs }: InputProps) {
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState<string | null>(refs?.[0]?.label ?? (typeof value === 'string' ? value : null));
  return (
    <div>
      {name && <p>{t('registry.file.current', { name })}</p>}
      <input
        id={id}
        type="file"
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-busy={busy || undefined}
        disabled={busy}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          setBusy(true);
          try {
            const body = new FormData();
            body.append('file', file);
            const stored = await request<{ id: string; name?: string }>('commons', 'files', { method: 'POST', body });
            setName(stored.name ?? file.name);
            onChange(stored.id);
          } catch {
            // the notice already told the user
          } finally {
            setBusy(false);
          }
        }}
      />
      {busy && <span role="status">{t('registry.file.uploading')}</span>}
    </div>
  );
}
