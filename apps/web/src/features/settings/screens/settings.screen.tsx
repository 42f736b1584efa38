import { Button, List, Skeleton, Tag } from 'antd-mobile';
import { Toast } from '../../../shared/kit/imperative.ts';
import { CircleUser, FileText, Globe, Info, JapaneseYen, LayoutGrid, Lock, ShieldCheck, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RestrictionNotice } from '../../../shared/components/restriction-notice.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { showNoticeKey } from '../../../shared/api/notice.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { useSignOut } from '../../../shared/session/sign-out.tsx';
import { useUserInfo } from '../../../shared/session/use-user-info.ts';
import { NOTICE_DURATION_MS } from '../../../shared/spec.constants.ts';
import { AppearanceSettings } from '../components/appearance-settings.tsx';
import '../settings.css';

/** Settings (/user/setting): account, invitation code, security, language, texts, sign out. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const info = useUserInfo();
  const signedIn = session.token !== '';

  const copyInviteCode = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      Toast.show({ content: t('common.copied'), duration: NOTICE_DURATION_MS });
    } catch {
      showNoticeKey('notice.copyFailed');
    }
  };

  const signOut = useSignOut();

  return (
    <Page
      testId="settings-screen"
      footer={
        signedIn ? (
          <Button
            block
            size="large"
            color="danger"
            fill="outline"
            onClick={() => void signOut()}
            data-testid="setting-logout"
          >
            {t('settings.logout')}
          </Button>
        ) : (
          <Button block size="large" color="primary" onClick={() => push('/login/login')} data-testid="setting-login">
            {t('settings.signIn')}
          </Button>
        )
      }
    >
      {signedIn && (
        <>
          <section className="account-card" data-testid="setting-account-card">
            <CircleUser className="account-card__avatar" aria-hidden="true" />
            <div className="account-card__body">
              {info.isSuccess ? (
                <>
                  <div className="account-card__account num" data-testid="setting-account">
                    {info.data.account}
                  </div>
                  <div className="account-card__tags">
                    <Tag
                      color={
                        info.data.realNameStatus === 'verified'
                          ? 'success'
                          : info.data.realNameStatus === 'rejected'
                            ? 'danger'
                            : 'default'
                      }
                      fill="outline"
                    >
                      {t(`realName.${info.data.realNameStatus}`)}
                    </Tag>
                    {info.data.role && (
                      <Tag color="primary" data-testid="setting-role">
                        {t(`roles.${info.data.role}`)}
                      </Tag>
                    )}
                  </div>
                </>
              ) : (
                <Skeleton.Paragraph lineCount={2} animated />
              )}
            </div>
          </section>

          {info.isSuccess && <RestrictionNotice restrictions={info.data.restrictions} />}

          <List header={t('settings.accountSection')} mode="card">
            <List.Item
              prefix={<UserPlus />}
              description={t('settings.inviteHint')}
              extra={
                info.isSuccess ? (
                  <Button
                    size="small"
                    fill="outline"
                    color="primary"
                    onClick={() => void copyInviteCode(info.data.inviteCode)}
                    data-testid="setting-invite-copy"
                  >
                    {t('common.copy')}
                  </Button>
                ) : null
              }
            >
              <span>{t('settings.inviteCode')}</span>{' '}
              <span className="mono invite-code" data-testid="setting-invite-code">
                {info.isSuccess ? info.data.inviteCode : '…'}
              </span>
            </List.Item>
          </List>

          <List header={t('settings.securitySection')} mode="card">
            <List.Item
              prefix={<Lock />}
              onClick={() => push('/user/loginPassword')}
              data-testid="setting-login-password"
            >
              {t('settings.loginPassword')}
            </List.Item>
            <List.Item
              prefix={<JapaneseYen />}
              extra={info.isSuccess ? t(info.data.hasFundPassword ? 'settings.fundSet' : 'settings.fundNotSet') : null}
              onClick={() => push('/user/setPassword')}
              data-testid="setting-fund-password"
            >
              {t('settings.fundPassword')}
            </List.Item>
            <List.Item prefix={<ShieldCheck />} onClick={() => push('/user/security')} data-testid="setting-two-factor">
              {t('security.settingsRow')}
            </List.Item>
          </List>
        </>
      )}

      <List header={t('settings.generalSection')} mode="card">
        <List.Item
          prefix={<Globe />}
          extra={t(`languages.${session.lang}`)}
          onClick={() => push('/user/changeLang')}
          data-testid="setting-lang"
        >
          {t('settings.language')}
        </List.Item>
        <List.Item prefix={<FileText />} onClick={() => push('/user/tys')} data-testid="setting-terms">
          {t('settings.terms')}
        </List.Item>
        <List.Item prefix={<Info />} onClick={() => push('/user/aboutUs')} data-testid="setting-about">
          {t('settings.about')}
        </List.Item>
      </List>

      <AppearanceSettings />

      {info.isSuccess && info.data.role !== null && (
        <List header={t('settings.staffSection')} mode="card">
          <List.Item prefix={<LayoutGrid />} onClick={() => push('/admin')} data-testid="setting-admin">
            {t('settings.backOffice')}
          </List.Item>
        </List>
      )}
    </Page>
  );
}
