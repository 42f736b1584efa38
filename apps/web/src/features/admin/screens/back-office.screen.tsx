// Back-office styles travel with the screens that use them, not with the first screen.
import '../admin.css';
import { useState } from 'react';
import { Badge, Button, Skeleton, Tag } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StaffRole } from '@kabuto/contracts/fields';
import { adminKeys, fetchQueueCounts } from '../api/back-office.api.ts';
import type { QueueCounts } from '../api/back-office.api.ts';
import { can, sectionsFor } from '../admin-permissions.ts';
import type { Section } from '../admin-permissions.ts';
import { AuditLogViewer } from '../components/audit-log-viewer.tsx';
import { BlockAdmin } from '../components/block-admin.tsx';
import { CopyAdmin } from '../components/copy-admin.tsx';
import { LoanQueue } from '../components/loan-queue.tsx';
import { DayTradeQueue, DayTradeTermsAdmin } from '../components/daytrade-admin.tsx';
import { LoanTermsAdmin } from '../components/loan-terms-admin.tsx';
import { FundingSettings } from '../components/funding-settings.tsx';
import { IpoAdmin } from '../components/ipo-admin.tsx';
import { MarketAdmin } from '../components/market-admin.tsx';
import { NewsAdmin } from '../components/news-admin.tsx';
import { MemberAdmin } from '../components/member-admin.tsx';
import { StaffAdmin } from '../components/staff-admin.tsx';
import { TradeAdmin } from '../components/trade-admin.tsx';
import { ReconciliationReport } from '../components/reconciliation-report.tsx';
import { BlockQueue, DepositQueue, RealNameQueue, SeatQueue, WithdrawalQueue } from '../components/review-queues.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { addressParam, push } from '../../../shared/navigation/navigation.ts';
import { MEMBER_HOME } from '../../../shared/session/home-path.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { useUserInfo } from '../../../shared/session/use-user-info.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { SupportInbox } from './support-inbox.tsx';

function NoAccess({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="centered-block" data-testid="admin-no-access">
      <StatusBlock
        kind="default"
        title={t('admin.noAccessTitle')}
        description={t(signedIn ? 'admin.noAccessBody' : 'admin.noSessionBody')}
      />
      <Button color="primary" size="large" block onClick={() => push(signedIn ? MEMBER_HOME : '/login/login')}>
        {t(signedIn ? 'admin.toSettings' : 'settings.signIn')}
      </Button>
    </div>
  );
}

const countOf: Partial<Record<Section, keyof QueueCounts>> = {
  realname: 'realName',
  deposits: 'deposits',
  withdrawals: 'withdrawals',
  seats: 'seats',
  blockApplications: 'blocks',
  loanApplications: 'loans',
  daytradeApplications: 'daytrade',
};

/**
 * Back office (#/admin). Rights come from the server's staff role in user/info, never from the
 * local is_admin flag: with no role, show "no access" and call no admin API.
 */
export function BackOfficeScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const info = useUserInfo();

  let body;
  if (session.token === '') body = <NoAccess signedIn={false} />;
  else if (info.isPending) body = <Skeleton.Paragraph lineCount={6} animated className="centered-block" />;
  else if (info.isError)
    body = (
      <div className="centered-block">
        <StatusBlock
          kind="disconnected"
          title={t('admin.audit.failedTitle')}
          description={t('admin.audit.failedBody')}
        />
        <Button color="primary" onClick={() => void info.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  else if (info.data.role === null) body = <NoAccess signedIn />;
  else
    body = (
      <>
        <div className="admin__who" data-testid="admin-who">
          <span className="num">{info.data.account}</span>
          <Tag color="primary" data-testid="admin-role">
            {t(`roles.${info.data.role}`)}
          </Tag>
        </div>
        <BackOffice key={info.data.role} role={info.data.role} />
      </>
    );

  return <Page testId="back-office-screen">{body}</Page>;
}

function BackOffice({ role }: { role: StaffRole }) {
  const { t } = useTranslation();
  const sections = sectionsFor(role);
  const [section, setSection] = useState<Section>(() => {
    const asked = addressParam('s');
    // Roles that read the audit log land on it (what happened); the nav shows what waits in each queue.
    return sections.find((s) => s === asked) ?? (sections.includes('audit') ? 'audit' : sections[0]) ?? 'members';
  });
  const [memberId, setMemberId] = useState<string | null>(null);
  const counts = useQuery({
    queryKey: adminKeys.counts,
    queryFn: ({ signal }) => fetchQueueCounts(signal),
    refetchInterval: 30_000,
  });

  const openMember = (id: string) => {
    setMemberId(id);
    setSection('members');
  };

  return (
    <div className="admin">
      <nav className="admin-nav" aria-label={t('admin.nav.label')}>
        {sections.map((s) => {
          const countKey = countOf[s];
          const count = countKey ? counts.data?.[countKey] : undefined;
          return (
            <button
              key={s}
              type="button"
              className={`admin-nav__item${s === section ? ' admin-nav__item--on' : ''}`}
              aria-current={s === section ? 'page' : undefined}
              onClick={() => setSection(s)}
              data-testid={`admin-nav-${s}`}
            >
              <span>{t(`admin.nav.${s}`)}</span>
              {count !== undefined && count > 0 && (
                <Badge content={String(count)} className="admin-nav__badge" data-testid={`admin-count-${s}`} />
              )}
            </button>
          );
        })}
      </nav>
      <div className="admin__body">
        {section === 'realname' && <RealNameQueue mayDecide={can.decide(role)} onOpenMember={openMember} />}
        {section === 'deposits' && <DepositQueue mayDecide={can.decide(role)} onOpenMember={openMember} />}
        {section === 'withdrawals' && <WithdrawalQueue mayDecide={can.decide(role)} onOpenMember={openMember} />}
        {section === 'seats' && <SeatQueue mayDecide={can.decideSeats(role)} onOpenMember={openMember} />}
        {section === 'blockApplications' && <BlockQueue mayDecide={can.decideBlock(role)} onOpenMember={openMember} />}
        {section === 'loanApplications' && <LoanQueue mayDecide={can.decideLoan(role)} onOpenMember={openMember} />}
        {section === 'daytradeApplications' && (
          <DayTradeQueue mayDecide={can.decideDayTrade(role)} onOpenMember={openMember} />
        )}
        {section === 'support' && <SupportInbox />}
        {section === 'members' && (
          <MemberAdmin
            memberId={memberId}
            onPick={setMemberId}
            mayRestrict={can.restrict(role)}
            mayResetTwoFactor={can.resetTwoFactor(role)}
          />
        )}
        {section === 'channels' && <FundingSettings mayEdit={can.editSettings(role)} />}
        {section === 'market' && <MarketAdmin rights={can.market(role)} />}
        {section === 'trade' && <TradeAdmin maySave={can.saveTradeSettings(role)} />}
        {section === 'ipo' && <IpoAdmin maySave={can.saveIpo(role)} />}
        {section === 'block' && <BlockAdmin maySave={can.saveBlock(role)} />}
        {section === 'copy' && <CopyAdmin maySave={can.saveCopy(role)} />}
        {section === 'loans' && <LoanTermsAdmin maySave={can.saveLoanTerms(role)} />}
        {section === 'daytrade' && <DayTradeTermsAdmin maySave={can.saveDayTradeTerms(role)} />}
        {section === 'news' && <NewsAdmin mayPublish={can.publishNews(role)} mayWithdraw={can.withdrawNews(role)} />}
        {section === 'staff' && <StaffAdmin mayManage={can.manageStaff(role)} />}
        {section === 'reconciliation' && <ReconciliationReport />}
        {section === 'audit' && <AuditLogViewer />}
      </div>
    </div>
  );
}
