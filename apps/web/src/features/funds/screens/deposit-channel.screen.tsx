import { CheckList, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useDepositChannels } from '../api/funds.queries.ts';
import { updateDepositDraft, useDepositDraft } from '../api/deposit-draft.store.ts';
import { chosenChannel } from './deposit.screen.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { MoneyWindowText } from '../../../shared/components/money-window.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { back } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import '../funds.css';

/** Deposit channel picker (/user/rechargeChannel): lists the channels and goes back to /user/recharge with the choice. */
export function DepositChannelScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const channels = useDepositChannels();
  const draft = useDepositDraft();

  let body;
  if (session.token === '') body = <SignInRequired />;
  else if (channels.isPending) body = <Skeleton.Paragraph lineCount={8} animated className="centered-block" />;
  else if (channels.isError)
    body = (
      <LoadFailure
        titleKey="funds.loadFailedTitle"
        messageKey="funds.loadFailedBody"
        onRetry={() => void channels.refetch()}
        testId="dep-channel-failed"
      />
    );
  else if (channels.data.channels.length === 0)
    body = (
      <div className="centered-block">
        <StatusBlock kind="empty" title={t('deposit.noChannelTitle')} description={t('deposit.noChannelBody')} />
      </div>
    );
  else {
    const current = chosenChannel(channels.data, draft.channelId);
    body = (
      <>
        <p className="screen-intro">{t('deposit.pickIntro')}</p>
        <CheckList
          mode="card"
          value={current ? [current.id] : []}
          onChange={(values) => {
            const id = values[0];
            if (typeof id === 'string') {
              updateDepositDraft({ channelId: id });
              back('/user/recharge');
            }
          }}
        >
          {channels.data.channels.map((c) => (
            <CheckList.Item
              key={c.id}
              value={c.id}
              data-testid="dep-channel-option"
              description={
                <div className="channel-option">
                  <div>
                    {c.bankName} {c.branchName}
                  </div>
                  <div className="num">
                    {t('funds.limits')}: {moneyText(c.min)} – {moneyText(c.max)}
                  </div>
                  <MoneyWindowText window={c.window} />
                </div>
              }
            >
              {c.name}
            </CheckList.Item>
          ))}
        </CheckList>
      </>
    );
  }
  return <Page testId="deposit-channel-screen">{body}</Page>;
}
