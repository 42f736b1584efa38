import type { ReactNode } from 'react';
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DetailList, type DetailRow } from './detail-list.tsx';
import './confirm-sheet.css';

/**
 * UX "Visual language": a money-moving action confirms in a bottom sheet that restates the amounts. The sheet stays
 * open while the call is under way, and cannot be dismissed then.
 */
export function ConfirmSheet({
  open,
  title,
  headline,
  headlineLabel,
  rows,
  note,
  confirmLabel,
  dismissLabel,
  danger = false,
  busy,
  onConfirm,
  onClose,
  testId,
}: {
  open: boolean;
  title: string;
  /** The one figure the member is agreeing to, large. */
  headline?: ReactNode;
  /** What the headline figure is ("Margin to add"), said above it. */
  headlineLabel?: string;
  rows: readonly DetailRow[];
  note?: string;
  confirmLabel: string;
  /** The button that closes the sheet without acting; a cancel sheet says "keep the order", never a second "cancel". */
  dismissLabel?: string;
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={open}
      onMaskClick={() => !busy && onClose()}
      bodyClassName="confirm-sheet"
      data-testid={testId}
      destroyOnClose
    >
      <h2 className="confirm-sheet__title">{title}</h2>
      {headline !== undefined && (
        <>
          {headlineLabel && (
            <p className="confirm-sheet__headline-label" data-testid={`${testId}-headline-label`}>
              {headlineLabel}
            </p>
          )}
          <div className="confirm-sheet__headline num" data-testid={`${testId}-headline`}>
            {headline}
          </div>
        </>
      )}
      <DetailList compact rows={rows} testId={`${testId}-rows`} />
      {note && <p className="confirm-sheet__note">{note}</p>}
      <Button
        block
        size="large"
        color={danger ? 'danger' : 'primary'}
        loading={busy}
        onClick={onConfirm}
        data-testid={`${testId}-confirm`}
      >
        {confirmLabel}
      </Button>
      <Button block size="large" fill="none" disabled={busy} onClick={onClose} data-testid={`${testId}-cancel`}>
        {dismissLabel ?? t('common.cancel')}
      </Button>
    </Popup>
  );
}
