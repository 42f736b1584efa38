import { Button } from 'antd-mobile';
import { Dialog } from '../../../shared/kit/imperative.ts';
import { Trash2 } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import type { BankCard } from '@kabuto/contracts/funds/bank-cards';
import { removeBankCard } from '../api/funds.api.ts';
import { useBankCards, useRealNameStatus, useRefreshFunds } from '../api/funds.queries.ts';
import { BankCardView } from '../components/bank-card-view.tsx';
import { VerifyFirst } from '../components/verify-first.tsx';
import { ListSkeleton } from '../../../shared/components/list-skeleton.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Refreshable } from '../../../shared/components/refreshable.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { showSuccess } from '../../../shared/api/notice.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { FormInput } from '../../../shared/components/form-input.tsx';
import { useTwoFactorStatus } from '../../../shared/security/use-two-factor.ts';
import '../funds.css';

/** Bank cards (/user/BankCard): the member's accounts in the verified name, masked; remove after confirming. */
export function BankCardsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const realName = useRealNameStatus();
  const cards = useBankCards();
  const refresh = useRefreshFunds();
  const verified = realName.data?.status === 'verified';

  // Issue 27: with two-step sign-in on, removing a card carries a code from the app (typed in the confirm dialog).
  const askCode = useTwoFactorStatus().data?.enabled === true;
  const remove = useMutation({
    mutationFn: ({ card, code }: { card: BankCard; code: string | undefined }) => removeBankCard(card.id, code),
    onSuccess: async () => {
      showSuccess(successKeys.cardRemoved);
      await refresh();
    },
  });

  const confirmRemove = async (card: BankCard) => {
    let code = '';
    const confirmed = await Dialog.confirm({
      title: t('cards.removeTitle'),
      content: (
        <div className="dialog-detail">
          <div>{card.bankName}</div>
          <div className="mono">{card.cardNumberMasked}</div>
          <p>{t('cards.removeBody')}</p>
          {askCode && (
            <label className="dialog-detail__code">
              <span>{t('security.moneyCodeLabel')}</span>
              <FormInput
                testId="card-remove-code"
                autoComplete="one-time-code"
                maxLength={24}
                onChange={(v) => {
                  code = v;
                }}
              />
            </label>
          )}
        </div>
      ),
      confirmText: <span data-testid="card-remove-confirm">{t('cards.remove')}</span>,
      cancelText: t('common.cancel'),
    });
    if (confirmed) remove.mutate({ card, code: askCode ? code.trim() : undefined });
  };

  let body;
  if (session.token === '') body = <SignInRequired />;
  else if (cards.isPending || realName.isPending) body = <CardsLoading />;
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
      {session.token === '' ? body : <Refreshable onRefresh={refresh}>{body}</Refreshable>}
    </Page>
  );
}

// A card's height at 390 px (bank, branch, number, holder): the skeleton was 0 px tall before issue 27.
const CARD_HEIGHT = 136;

function CardsLoading() {
  const { t } = useTranslation();
  return <ListSkeleton rows={2} rowHeight={CARD_HEIGHT} radius={14} label={t('cards.loading')} testId="card-loading" />;
}
