import { Button, Dialog, Skeleton } from 'antd-mobile';
import { Trash2 } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import type { BankCard } from '@kabuto/contracts/funds/bank-cards';
import { removeBankCard } from '../api/funds.api.ts';
import { useBankCards, useRealNameStatus, useRefreshFunds } from '../api/funds.queries.ts';
import { BankCardView } from '../components/bank-card-view.tsx';
import { VerifyFirst } from '../components/verify-first.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { showSuccess } from '../../../shared/api/notice.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import '../funds.css';

/** Bank cards (/user/BankCard): the member's accounts in the verified name, masked; remove after confirming. */
export function BankCardsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const realName = useRealNameStatus();
  const cards = useBankCards();
  const refresh = useRefreshFunds();
  const verified = realName.data?.status === 'verified';

  const remove = useMutation({
    mutationFn: (card: BankCard) => removeBankCard(card.id),
    onSuccess: async () => {
      showSuccess(successKeys.cardRemoved);
      await refresh();
    },
  });

  const confirmRemove = async (card: BankCard) => {
    const confirmed = await Dialog.confirm({
      title: t('cards.removeTitle'),
      content: (
        <div className="dialog-detail">
          <div>{card.bankName}</div>
          <div className="mono">{card.cardNumberMasked}</div>
          <p>{t('cards.removeBody')}</p>
        </div>
      ),
      confirmText: <span data-testid="card-remove-confirm">{t('cards.remove')}</span>,
      cancelText: t('common.cancel'),
    });
    if (confirmed) remove.mutate(card);
  };

  let body;
  if (session.token === '') body = <SignInRequired />;
  else if (cards.isPending || realName.isPending) body = <ListSkeleton />;
  else if (cards.isError)
    body = (
      <LoadFailure
        titleKey="funds.loadFailedTitle"
        messageKey="funds.loadFailedBody"
        onRetry={() => void cards.refetch()}
        testId="card-failed"
      />
    );
  else if (cards.data.length === 0 && !verified) body = <VerifyFirst pending={realName.data?.status === 'pending'} />;
  else if (cards.data.length === 0)
    body = (
      <div className="centered-block" data-testid="card-empty">
        <StatusBlock kind="empty" title={t('cards.emptyTitle')} description={t('cards.emptyBody')} />
      </div>
    );
  else
    body = (
      <div className="bank-card-list">
        {cards.data.map((card) => (
          <BankCardView
            key={card.id}
            card={card}
            action={
              <button
                type="button"
                className="icon-button icon-button--light"
                aria-label={t('cards.remove')}
                onClick={() => void confirmRemove(card)}
                data-testid="card-remove"
              >
                <Trash2 />
              </button>
            }
          />
        ))}
        <p className="screen-note">{t('cards.nameRule')}</p>
      </div>
    );

  return (
    <Page
      testId="bank-cards-screen"
      footer={
        session.token !== '' && (verified || (cards.data?.length ?? 0) > 0) ? (
          <Button
            block
            size="large"
            color="primary"
            onClick={() => push('/user/WithCard')}
            disabled={!verified}
            data-testid="card-add"
          >
            {t('cards.add')}
          </Button>
        ) : undefined
      }
    >
      {body}
    </Page>
  );
}

function ListSkeleton() {
  return (
    <div className="centered-block" aria-busy="true">
      <Skeleton animated className="bank-card-skeleton" />
      <Skeleton animated className="bank-card-skeleton" />
    </div>
  );
}
