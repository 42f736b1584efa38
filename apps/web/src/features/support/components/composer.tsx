import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { Button, ProgressBar, TextArea } from 'antd-mobile';
import { ImageIcon, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { checkMessageText, maxMessageChars, messageLength } from '@kabuto/domain/support/message-text';
import { messageTextRefusalKey } from '@kabuto/contracts/support/refusals';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { IMAGE_ACCEPT, imageFileError, readHead } from '../../../shared/forms/image-file.ts';
import { uploadImage } from '../../../shared/uploads/upload.api.ts';
import { translateKey } from '../../../i18n/i18n.ts';

interface ComposerProps {
  onSendText: (text: string) => Promise<unknown>;
  /** Members only: visitors cannot send images (issue 27). */
  onSendImage?: (uploadId: string) => Promise<unknown>;
}

/**
 * The message box: the domain's text rule before sending (the server applies the same one), a count of what is left,
 * and for members an image button with the real-name upload's checks and progress bar.
 */
export function Composer({ onSendText, onSendImage }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const attempt = useRef(0);
  const length = messageLength(text);

  const send = async () => {
    const checked = checkMessageText(text);
    if ('refused' in checked) {
      setError(messageTextRefusalKey[checked.refused]);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSendText(checked.ok);
      setText('');
    } catch (err) {
      setError(errorKeyOf(err));
    } finally {
      setBusy(false);
    }
  };

  const chooseImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !onSendImage) return;
    const mine = ++attempt.current;
    const refusal = imageFileError(file, await readHead(file));
    if (refusal) {
      setError(refusal);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const uploaded = await uploadImage('support_chat', file, (fraction) => {
        if (mine === attempt.current) setProgress(Math.round(fraction * 100));
      });
      await onSendImage(uploaded.id);
    } catch (err) {
      if (mine === attempt.current) setError(errorKeyOf(err));
    } finally {
      if (mine === attempt.current) setProgress(null);
    }
  };

  return (
    <div className="chat-composer" data-testid="chat-composer">
      {progress !== null && (
        <div className="chat-composer__progress" data-testid="chat-image-progress">
          <ProgressBar percent={progress} text={`${String(progress)}%`} />
        </div>
      )}
      {error && (
        <p className="chat-composer__error" role="alert" data-testid="chat-error">
          {translateKey(error)}
        </p>
      )}
      <div className="chat-composer__row">
        {onSendImage && (
          <label className="chat-composer__image">
            <ImageIcon aria-hidden="true" />
            <span className="visually-hidden">{t('support.sendImage')}</span>
            <input
              className="visually-hidden-input"
              type="file"
              accept={IMAGE_ACCEPT}
              disabled={progress !== null}
              onChange={(e) => void chooseImage(e)}
              data-testid="chat-image-input"
            />
          </label>
        )}
        <TextArea
          className="chat-composer__text"
          value={text}
          onChange={(v) => {
            setText(v);
            if (error) setError(null);
          }}
          placeholder={t('support.placeholder')}
          aria-label={t('support.placeholder')}
          autoSize={{ minRows: 1, maxRows: 5 }}
          data-testid="chat-input"
        />
        <Button
          color="primary"
          className="chat-composer__send"
          loading={busy}
          disabled={busy || length === 0 || length > maxMessageChars}
          onClick={() => void send()}
          aria-label={t('support.send')}
          data-testid="chat-send"
        >
          <Send aria-hidden="true" />
        </Button>
      </div>
      <div className={`chat-composer__count num${length > maxMessageChars ? ' chat-composer__count--over' : ''}`}>
        {t('support.count', { count: length, max: maxMessageChars })}
      </div>
    </div>
  );
}
