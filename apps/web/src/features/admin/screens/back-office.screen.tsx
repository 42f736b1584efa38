import { Button, ErrorBlock, NoticeBar, Skeleton, Tabs, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { StaffRole } from '@kabuto/contracts/fields';
import { AuditLogViewer } from '../components/audit-log-viewer.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { useUserInfo } from '../../../shared/session/use-user-info.ts';

type Section = 'audit' | 'queues';

// DESIGN "Reviews and the back office": each staff role sees only what it may use.
const sectionsByRole: Record<StaffRole, readonly Section[]> = {
  admin: ['audit'],
  auditor: ['audit'],
  reviewer: ['queues'],
  support: ['queues'],
};

function NoAccess({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="centered-block" data-testid="admin-no-access">
      <ErrorBlock status="default" title={t('admin.noAccessTitle')} description={t(signedIn ? 'admin.noAccessBody' : 'admin.noSessionBody')} fullPage={false} />
      <Button color="primary" size="large" block onClick={() => push(signedIn ? '/user/setting' : '/login/login')}>
        {t(signedIn ? 'admin.toSettings' : 'settings.signIn')}
      </Button>
    </div>
  );
}

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
        <ErrorBlock status="disconnected" title={t('admin.audit.failedTitle')} description={t('admin.audit.failedBody')} fullPage={false} />
        <Button color="primary" onClick={() => void info.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  else if (info.data.role === null) body = <NoAccess signedIn />;
  else {
    const role = info.data.role;
    const sections = sectionsByRole[role];
    body = (
      <>
        <div className="admin__who" data-testid="admin-who">
          <span className="num">{info.data.account}</span>
          <Tag color="primary" data-testid="admin-role">
            {t(`roles.${role}`)}
          </Tag>
        </div>
        <Tabs defaultActiveKey={sections[0] ?? null} data-testid="admin-nav" className="admin__nav">
          {sections.map((section) =>
            section === 'audit' ? (
              <Tabs.Tab key="audit" title={t('admin.nav.audit')} data-testid="admin-nav-audit">
                <AuditLogViewer />
              </Tabs.Tab>
            ) : (
              <Tabs.Tab key="queues" title={t('admin.nav.queues')} data-testid="admin-nav-queues">
                <NoticeBar content={t('admin.queuesLater')} color="info" wrap data-testid="admin-queues-later" />
              </Tabs.Tab>
            ),
          )}
        </Tabs>
      </>
    );
  }

  return <Page testId="back-office-screen">{body}</Page>;
}
