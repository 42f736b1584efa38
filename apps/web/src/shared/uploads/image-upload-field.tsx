import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { ProgressBar } from 'antd-mobile';
import { Camera, CircleAlert, CircleCheck, ImageIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UploadPurpose } from '@kabuto/contracts/funds/real-name';
import { PrivateImage } from './private-image.tsx';
import { uploadImage } from './upload.api.ts';
import { errorKeyOf } from '../api/error-key.ts';
import { IMAGE_ACCEPT, imageFileError, readHead } from '../forms/image-file.ts';
import { translateKey } from '../../i18n/i18n.ts';
import './image-upload-field.css';

type UploadState =
  | { status: 'empty' }
  /** Uploaded earlier (e.g. before visiting another step): shown from the server. */
  | { status: 'stored'; id: string }
  | { status: 'uploading'; progress: number; preview: string; name: string }
  | { status: 'done'; preview: string; name: string }
  | { status: 'failed'; error: string; preview: string | null; name: string };

interface ImageUploadFieldProps {
  purpose: UploadPurpose;
  label: string;
  hint?: string;
  /** On the plain file <input> (browser tests set files there); the camera input gets `${testId}-camera`. */
  testId: string;
  /** Called with the stored upload's id, or null while there is none. */
  onChange: (id: string | null) => void;
  disabled?: boolean;
  /** An upload made earlier for this field, kept by the caller. */
  initialId?: string | null;
}

/** UX "Uploads": camera or file picker, preview thumbnail, progress bar, a clear reason when a file is refused. */
export function ImageUploadField({
  purpose,
  label,
  hint,
  testId,
  onChange,
  disabled = false,
  initialId = null,
}: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<UploadState>(
    initialId ? { status: 'stored', id: initialId } : { status: 'empty' },
  );
  const attempt = useRef(0);
  const previews = useRef<string[]>([]);

  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clear the input so choosing the same file again still counts as a choice.
    event.target.value = '';
    if (!file) return;
    const mine = ++attempt.current;
    onChange(null);
    const refusal = imageFileError(file, await readHead(file));
    if (mine !== attempt.current) return;
    if (refusal) {
      setState({ status: 'failed', error: refusal, preview: null, name: file.name });
      return;
    }
    const preview = URL.createObjectURL(file);
    previews.current.push(preview);
    setState({ status: 'uploading', progress: 0, preview, name: file.name });
    try {
      const uploaded = await uploadImage(purpose, file, (fraction) => {
        if (mine === attempt.current)
          setState({ status: 'uploading', progress: Math.round(fraction * 100), preview, name: file.name });
      });
      if (mine !== attempt.current) return;
      setState({ status: 'done', preview, name: file.name });
      onChange(uploaded.id);
    } catch (error) {
      if (mine !== attempt.current) return;
      setState({ status: 'failed', error: errorKeyOf(error), preview, name: file.name });
    }
  };

  const preview = state.status === 'empty' || state.status === 'stored' ? null : state.preview;
  return (
    <div
      className={`upload-field upload-field--${state.status}`}
      data-testid={`${testId}-field`}
      data-state={state.status}
    >
      <div className="upload-field__label">{label}</div>
      {hint && <div className="upload-field__hint">{hint}</div>}
      <div className="upload-field__row">
        <div className="upload-field__thumb" aria-hidden={preview === null}>
          {state.status === 'stored' ? (
            <PrivateImage id={state.id} alt={label} testId={`${testId}-preview`} />
          ) : preview ? (
            <img src={preview} alt={label} data-testid={`${testId}-preview`} />
          ) : (
            <ImageIcon className="upload-field__placeholder" />
          )}
        </div>
        <div className="upload-field__side">
          <div className="upload-field__actions">
            <label className={`upload-button${disabled ? ' upload-button--disabled' : ''}`}>
              <Camera aria-hidden="true" />
              <span>{t('upload.camera')}</span>
              <input
                className="visually-hidden-input"
                type="file"
                accept={IMAGE_ACCEPT}
                capture="environment"
                disabled={disabled}
                onChange={(e) => void choose(e)}
                data-testid={`${testId}-camera`}
              />
            </label>
            <label className={`upload-button${disabled ? ' upload-button--disabled' : ''}`}>
              <ImageIcon aria-hidden="true" />
              <span>{t(state.status === 'empty' ? 'upload.choose' : 'upload.replace')}</span>
              <input
                className="visually-hidden-input"
                type="file"
                accept={IMAGE_ACCEPT}
                disabled={disabled}
                onChange={(e) => void choose(e)}
                data-testid={testId}
              />
            </label>
          </div>
          {state.status === 'uploading' && (
            <div className="upload-field__progress" data-testid={`${testId}-progress`}>
              <ProgressBar percent={state.progress} text={`${String(state.progress)}%`} />
            </div>
          )}
          {(state.status === 'done' || state.status === 'stored') && (
            <div className="upload-field__ok" data-testid={`${testId}-done`}>
              <CircleCheck aria-hidden="true" /> {t('upload.done')}
            </div>
          )}
          {state.status === 'failed' && (
            <div className="upload-field__error" role="alert" data-testid={`${testId}-error`}>
              <CircleAlert aria-hidden="true" /> {translateKey(state.error)}
            </div>
          )}
          {state.status === 'empty' && <div className="upload-field__rule">{t('upload.rule')}</div>}
        </div>
      </div>
    </div>
  );
}
