import { useEffect, useRef } from 'react';
import { Button, List, PullToRefresh, Skeleton, Tag } from 'antd-mobile';
import {
  ChartColumn,
  CircleAlert,
  CircleCheck,
  CircleUser,
  Clock,
  CreditCard,
  FileSpreadsheet,
  FileText,
  Globe,
  HandCoins,
  Info,
  Layers,
  LayoutGrid,
  List as ListIcon,
  Settings,
  Ticket,
} from 'lucide-react';
import { Headset } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SupportBadge } from '../../../shared/support/support-badge.tsx';
import { NoticeBell } from '../../../shared/notices/notice-bell.tsx';
import { supportChatPath } from '../../../shared/support/support-path.ts';
import { useAssets, useRealNameStatus, useRefreshFunds } from '../api/funds.queries.ts';
import type { Assets, RealNameStatus } from '../api/funds.api.ts';
import { MoneyActions } from '../components/money-actions.tsx';
import { SeatCard } from '../components/seat-card.tsx';
import { RestrictionNotice } from '../../../shared/components/restriction-notice.tsx';
import { AmountText } from '../../../shared/components/amount-text.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useRoutePane } from '../../../shared/navigation/route-meta.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { useSignOut } from '../../../shared/session/sign-out.tsx';
import { useUserInfo } from '../../../shared/session/use-user-info.ts';
import '../funds.css';

/**
 * Member centre (/user/usercenter): assets, the three money actions, verification, the seat account (SPEC §6), and the
 * menu (UX "Member centre").
 */
export function MemberCentreScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const info = useUserInfo();
  const assets = useAssets();
  const realName = useRealNameStatus();
  const refresh = useRefreshFunds();
  const signOut = useSignOut();
  const { active } = useRoutePane();

  // Kept alive: coming back from a deposit or withdrawal shows fresh figures (the first showing fetches anyway).
  const shownBefore = useRef(false);
  useEffect(() => {
    if (!active || session.token === '') return;
    if (shownBefore.current) void refresh();
    shownBefore.current = true;
  }, [active, session.token]);

  if (session.token === '') {
    return (
      <Page testId="member-centre-screen" showBack={false}>
        <SignInRequired />
      </Page>
    );
  }

  return (
    <Page
      testId="member-centre-screen"
      showBack={false}
      right={
        <>
          <NoticeBell testId="uc-notices" />
          <button
            type="button"
            className="icon-button"
            aria-label={t('titles.settings')}
            onClick={() => push('/user/setting')}
            data-testid="uc-settings"
          >
            <Settings />
          </button>
        </>
      }
    >
      <PullToRefresh
        onRefresh={refresh}
        pullingText={t('common.pullToRefresh')}
        canReleaseText={t('common.releaseToRefresh')}
        refreshingText={t('common.refreshing')}
        completeText={t('common.refreshed')}
      >
        <section className="asset-card" data-testid="uc-asset-card">
          <div className="asset-card__who">
            <CircleUser aria-hidden="true" />
            <span className="num" data-testid="uc-account">
              {info.data?.account ?? session.account}
            </span>
            {info.data?.role && <Tag color="primary">{t(`roles.${info.data.role}`)}</Tag>}
          </div>
          {assets.isError && !assets.data ? (
            <LoadFailure
              titleKey="funds.loadFailedTitle"
              messageKey="funds.loadFailedBody"
              onRetry={() => void assets.refetch()}
              testId="uc-assets-failed"
            />
          ) : (
            <AssetFigures assets={assets.data} />
          )}
        </section>

        <MoneyActions />

        <VerificationCard status={realName.data} fallback={assets.data?.realNameStatus} />

        {info.data && <RestrictionNotice restrictions={info.data.restrictions} />}

        <SeatCard
          verification={realName.data?.status ?? assets.data?.realNameStatus}
          account={info.data?.account ?? session.account}
        />

        {assets.data && assets.data.balances.length > 0 && <Balances assets={assets.data} />}

        <List mode="card" header={t('memberCentre.menu')}>
          <List.Item prefix={<CreditCard />} onClick={() => push('/user/BankCard')} data-testid="uc-menu-cards">
            {t('memberCentre.bankCards')}
          </List.Item>
          <List.Item prefix={<ListIcon />} onClick={() => push('/user/FundingDetails')} data-testid="uc-menu-records">
            {t('memberCentre.fundRecords')}
          </List.Item>
          <List.Item prefix={<Ticket />} onClick={() => push('/market/subscribeRecord')} data-testid="uc-menu-ipo">
            {t('memberCentre.ipoRecords')}
          </List.Item>
          <List.Item prefix={<Layers />} onClick={() => push('/user/pj')} data-testid="uc-menu-allotments">
            {t('memberCentre.allotments')}
          </List.Item>
          <List.Item prefix={<HandCoins />} onClick={() => push('/user/jk')} data-testid="uc-menu-loans">
            {t('memberCentre.loans')}
          </List.Item>
          <List.Item
            prefix={<FileSpreadsheet />}
            onClick={() => push('/user/statements')}
            data-testid="uc-menu-statements"
          >
            {t('memberCentre.statements')}
          </List.Item>
          <List.Item prefix={<ChartColumn />} onClick={() => push('/gdindex/gdindex')} data-testid="uc-menu-indices">
            {t('memberCentre.indices')}
          </List.Item>
          <List.Item prefix={<FileText />} onClick={() => push('/home/moreNews')} data-testid="uc-menu-news">
            {t('memberCentre.news')}
          </List.Item>
          <List.Item
            prefix={<Headset />}
            onClick={() => push(supportChatPath)}
            extra={<SupportBadge testId="uc-menu-support-unread">{null}</SupportBadge>}
            data-testid="uc-menu-support"
          >
            {t('supportEntry.memberCentre')}
          </List.Item>
          <List.Item prefix={<Settings />} onClick={() => push('/user/setting')} data-testid="uc-menu-settings">
            {t('titles.settings')}
          </List.Item>
          <List.Item
            prefix={<Globe />}
            extra={t(`languages.${session.lang}`)}
            onClick={() => push('/user/changeLang')}
            data-testid="uc-menu-lang"
          >
            {t('settings.language')}
          </List.Item>
          <List.Item prefix={<FileText />} onClick={() => push('/user/tys')} data-testid="uc-menu-terms">
            {t('settings.terms')}
          </List.Item>
          <List.Item prefix={<Info />} onClick={() => push('/user/aboutUs')} data-testid="uc-menu-about">
            {t('settings.about')}
          </List.Item>
          {info.data?.role && (
            <List.Item prefix={<LayoutGrid />} onClick={() => push('/admin')} data-testid="uc-menu-admin">
              {t('settings.backOffice')}
            </List.Item>
          )}
        </List>

        <div className="page-actions">
          <Button
            block
            size="large"
            color="danger"
            fill="outline"
            onClick={() => void signOut()}
            data-testid="uc-logout"
          >
            {t('settings.logout')}
          </Button>
        </div>
      </PullToRefresh>
    </Page>
  );
}

function AssetFigures({ assets }: { assets: Assets | undefined }) {
  const { t } = useTranslation();
  if (!assets) {
    return (
      <div className="asset-card__loading" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={2} animated />
      </div>
    );
  }
  return (
    <>
      <div className="asset-card__label">{t('funds.totalAssets')}</div>
      <div className="asset-card__total num" data-testid="uc-total" data-amount={assets.totalAssets}>
        {moneyText(assets.totalAssets)}
      </div>
      <dl className="asset-card__grid">
        <div>
          <dt>{t('funds.available')}</dt>
          <dd className="num" data-testid="uc-available" data-amount={assets.available}>
            {moneyText(assets.available)}
          </dd>
        </div>
        <div>
          <dt>{t('funds.frozen')}</dt>
          <dd className="num" data-testid="uc-frozen" data-amount={assets.frozen}>
            {moneyText(assets.frozen)}
          </dd>
        </div>
        <div>
          <dt>{t('funds.profit')}</dt>
          <dd data-amount={assets.profit}>
            <AmountText amount={assets.profit} signed testId="uc-profit" />
          </dd>
        </div>
      </dl>
    </>
  );
}

function Balances({ assets }: { assets: Assets }) {
  const { t } = useTranslation();
  return (
    <section className="card balances" data-testid="uc-balances">
      <h2 className="card__title">{t('memberCentre.balances')}</h2>
      <table className="balances__table">
        <thead>
          <tr>
            <th scope="col">{t('funds.currency')}</th>
            <th scope="col">{t('funds.available')}</th>
            <th scope="col">{t('funds.frozen')}</th>
          </tr>
        </thead>
        <tbody>
          {assets.balances.map((b) => (
            <tr key={b.currency} data-testid="uc-balance" data-currency={b.currency}>
              <th scope="row" className="mono">
                {b.currency}
              </th>
              <td className="num" data-testid={`uc-balance-${b.currency}`}>
                {moneyText(b.available, b.currency)}
              </td>
              <td className="num">{moneyText(b.frozen, b.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function VerificationCard({
  status,
  fallback,
}: {
  status: RealNameStatus | undefined;
  fallback: Assets['realNameStatus'] | undefined;
}) {
  const { t } = useTranslation();
  const state = status?.status ?? fallback;
  if (!state) return null;
  const icon =
    state === 'verified' ? (
      <CircleCheck className="verify-card__icon verify-card__icon--ok" />
    ) : state === 'pending' ? (
      <Clock className="verify-card__icon" />
    ) : (
      <CircleAlert className="verify-card__icon verify-card__icon--warn" />
    );
  return (
    <section className={`card verify-card verify-card--${state}`} data-testid="uc-verify" data-status={state}>
      {icon}
      <div className="verify-card__body">
        <div className="verify-card__title" data-testid="uc-verify-status">
          {t(`realName.${state}`)}
        </div>
        <div className="verify-card__text">{t(`memberCentre.verify.${state}`)}</div>
        {state === 'rejected' && status?.reason && (
          <div className="verify-card__reason" data-testid="uc-verify-reason">
            {t('memberCentre.verify.reason', { reason: status.reason })}
          </div>
        )}
      </div>
      {(state === 'unverified' || state === 'rejected') && (
        <Button size="small" color="primary" onClick={() => push('/user/bandCard')} data-testid="uc-verify-action">
          {t(state === 'rejected' ? 'memberCentre.verify.again' : 'memberCentre.verify.start')}
        </Button>
      )}
    </section>
  );
}
