import { useState } from 'react';
import { Button } from 'antd-mobile';
import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { reasonIssue } from '@kabuto/contracts/formats';

export type Decision = 'approve' | 'reject';

interface DecisionPanelProps {
  /** Suggested reasons (translated texts) per decision; the reviewer may edit or write their own. */
  quickReasons: Record<Decision, readonly string[]>;
  onDecide: (decision: Decision, reason: string) => void;
  pending: boolean;
  labels?: { approve: string; reject: string };
}

/**
 * Approve or reject with a required reason (DESIGN "Reviews"): choose, write the reason, confirm.
 * Not a modal, so the reason can be written before or after choosing.
 */
export function DecisionPanel({ quickReasons, onDecide, pending, labels }: DecisionPanelProps) {
  const { t } = useTranslation();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const reasonOk = reasonIssue(reason) === null;
  const ready = decision !== null && reasonOk && !pending;

  return (
    <section className="decision" data-testid="admin-decision" data-decision={decision ?? ''}>
      <h3 className="decision__title">{t('admin.decision.title')}</h3>
      <div className="decision__choices">
        <Button
          color="success"
          fill={decision === 'approve' ? 'solid' : 'outline'}
          onClick={() => setDecision('approve')}
          aria-pressed={decision === 'approve'}
          data-testid="admin-approve"
        >
          <Check /> {labels?.approve ?? t('admin.decision.approve')}
        </Button>
        <Button
          color="danger"
          fill={decision === 'reject' ? 'solid' : 'outline'}
          onClick={() => setDecision('reject')}
          aria-pressed={decision === 'reject'}
          data-testid="admin-reject"
        >
          <X /> {labels?.reject ?? t('admin.decision.reject')}
        </Button>
      </div>
      <label className="decision__label" htmlFor="admin-reason">
        {t('admin.decision.reason')}
      </label>
      <textarea
        id="admin-reason"
        className="admin-textarea"
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={t('admin.decision.reasonPlaceholder')}
        data-testid="admin-reason"
      />
      {decision && quickReasons[decision].length > 0 && (
        <div className="chips" role="group" aria-label={t('admin.decision.quick')}>
          {quickReasons[decision].map((text) => (
            <button key={text} type="button" className="chip" onClick={() => setReason(text)}>
              {text}
            </button>
          ))}
        </div>
      )}
      <p className="decision__hint">
        {t(
          decision === null
            ? 'admin.decision.choose'
            : reasonOk
              ? 'admin.decision.visible'
              : 'admin.decision.reasonRequired',
        )}
      </p>
      <Button
        block
        size="large"
        color={decision === 'reject' ? 'danger' : 'primary'}
        disabled={!ready}
        loading={pending}
        onClick={() => {
          if (decision) onDecide(decision, reason.trim());
        }}
        data-testid="admin-confirm"
      >
        {t(
          decision === 'reject'
            ? 'admin.decision.confirmReject'
            : decision === 'approve'
              ? 'admin.decision.confirmApprove'
              : 'admin.decision.confirm',
        )}
      </Button>
    </section>
  );
}
