import './private-image.css';
import { useEffect, useState } from 'react';
import { Skeleton } from 'antd-mobile';
import { ImageViewer } from '../kit/imperative.ts';
import { ImageOff } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchPrivateImage, privateImageKey } from './upload.api.ts';

/** A private upload (ID images, receipts): fetched with the session headers, shown via an object URL; tap to enlarge. */
export function PrivateImage({ id, alt, testId }: { id: string; alt: string; testId?: string }) {
  const { t } = useTranslation();
  const bytes = useQuery({
    queryKey: privateImageKey(id),
    queryFn: ({ signal }) => fetchPrivateImage(id, signal),
    staleTime: Infinity,
    enabled: id !== '',
  });
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!bytes.data) return undefined;
    const objectUrl = URL.createObjectURL(bytes.data);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [bytes.data]);

  if (bytes.isError) {
    return (
      <div className="private-image private-image--failed" data-testid={testId} data-state="failed">
        <ImageOff aria-hidden="true" />
        <span>{t('upload.viewFailed')}</span>
      </div>
    );
  }
  if (!url) {
    return (
      <div className="private-image" data-testid={testId} data-state="loading">
        <Skeleton animated className="private-image__skeleton" />
      </div>
    );
  }
  return (
    <button
      type="button"
      className="private-image"
      onClick={() => ImageViewer.show({ image: url })}
      data-testid={testId}
      data-state="loaded"
      aria-label={alt}
    >
      <img src={url} alt={alt} />
    </button>
  );
}
