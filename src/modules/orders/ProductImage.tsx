import { useEffect, useState } from 'react';
import { fetchFileObjectUrl } from '../../core/files';
import * as css from './orders.css';

/**
 * A stored image (product media): fetched with the API client (it needs the token) and shown
 * through an object URL, revoked when the image leaves the screen.
 */
export function ProductImage({ fileId, alt, className = css.image }: { fileId: string | null | undefined; alt: string; className?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!fileId) return;
    const controller = new AbortController();
    let made: string | null = null;
    fetchFileObjectUrl(fileId, { api: 'cart', signal: controller.signal })
      .then((objectUrl) => {
        if (controller.signal.aborted) URL.revokeObjectURL(objectUrl);
        else setUrl((made = objectUrl));
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [fileId]);
  return url ? <img src={url} alt={alt} className={className} /> : <div className={className} role="img" aria-label={alt} />;
}

export interface MediaItem {
  fileId: string;
  caption?: string | null;
  isCover?: boolean;
}

/** The cover of a product's media (the first one when none is marked). */
export const coverOf = (media: unknown): MediaItem | null => {
  const list = Array.isArray(media) ? (media as MediaItem[]) : [];
  return list.find((item) => item.isCover) ?? list[0] ?? null;
};
