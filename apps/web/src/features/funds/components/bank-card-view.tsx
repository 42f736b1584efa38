import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankCard } from '@kabuto/contracts/funds/bank-cards';

/** A registered bank account as a card: bank, branch, type, masked number, holder. */
export function BankCardView({
  card,
  action,
  testId = 'card-row',
  selected,
}: {
  card: BankCard;
  action?: ReactNode;
  testId?: string;
  selected?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={`bank-card${selected ? ' bank-card--selected' : ''}`} data-testid={testId} data-card-id={card.id}>
      <div className="bank-card__top">
        <div>
          <div className="bank-card__bank">{card.bankName}</div>
          <div className="bank-card__branch">
            {card.branchName} <span className="mono">({card.branchCode})</span>
          </div>
        </div>
        {action}
      </div>
      <div className="bank-card__number mono" data-testid={`${testId}-number`}>
        <span className="bank-card__type">{t(`cards.types.${card.cardType}`)}</span> {card.cardNumberMasked}
      </div>
      <div className="bank-card__holder">{card.holderName}</div>
      {(card.ifsc || card.upi) && (
        <div className="bank-card__india mono">
          {card.ifsc && <span>IFSC {card.ifsc}</span>} {card.upi && <span>UPI {card.upi}</span>}
        </div>
      )}
    </div>
  );
}
