import { useEffect, useState } from 'react';
import type { ApiFamily } from '../../../contracts/resource';
import { fetchFileObjectUrl } from '../../files';
import { t } from '../../i18n';
import * as css from './file.css';

/**
 * A stored image as a thumbnail with its name (show pages, item tables). The content needs the
 * bearer token, which an `<img src>` cannot send: it is fetched with the API client and shown
 * through an object URL (CSP `img-src blob:`), revoked when the thumbnail goes away. While it
 * loads, or when it cannot be had, only the name shows.
 */
export function FileThumbnail({ id, name, api }: { id: string; name: string; api: ApiFamily }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    fetchFileObjectUrl(id, { api, signal: controller.signal })
      .then((objectUrl) => {
        if (controller.signal.aborted) URL.revokeObjectURL(objectUrl);
        else {
          made = objectUrl;
          setUrl(objectUrl);
        }
      })
      .catch(() => setUrl(null));
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [id, api]);
  return (
    <span className={css.named}>
      {url && <img className={css.cellThumbnail} src={url} alt={t('registry.file.preview', { name })} />}
      <span className={css.name}>{name}</span>
    </span>
  );
}
