import { Button, List } from 'antd-mobile';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@kabuto/domain/format/date';
import type { UserInfo } from '../session/use-user-info.ts';
import { isLang } from '../session/session.store.ts';
import { push } from '../navigation/navigation.ts';
import { SupportBadge } from '../support/support-badge.tsx';
import { supportChatPath } from '../support/support-path.ts';
import './restriction-notice.css';

/** SPEC §6: restrictions on the account, each with its reason; all advise contacting customer service. */
export function RestrictionNotice({ restrictions }: { restrictions: UserInfo['restrictions'] }) {
  const { t, i18n } = useTranslation();
  if (restrictions.length === 0) return null;
  const locale = isLang(i18n.language) ? i18n.language : 'jp';
  return (
    <section className="restrictions" data-testid="setting-restrictions" role="alert">
      <List header={t('settings.restrictionsTitle')}>
        {restrictions.map((r) => (
          <List.Item
            key={`${r.kind}-${r.since}`}
            prefix={<CircleAlert className="restrictions__icon" />}
            description={
              <>
                <div>{t('settings.restrictionReason', { reason: r.reason || '—' })}</div>
                <div className="num">
                  {t('settings.restrictionSince', { time: formatDate(r.since, 'Y-M-D h:m', undefined, locale) })}
                </div>
              </>
            }
          >
            {t(`restrictions.${r.kind}`)}
          </List.Item>
        ))}
      </List>
      <p className="restrictions__advice">{t('settings.restrictionAdvice')}</p>
      {/* SPEC §6: every restriction advises contacting customer service; the chat is open to a restricted member. */}
      <div className="restrictions__contact">
        <SupportBadge testId="restrictions-contact-unread">
          <Button
            color="primary"
            fill="outline"
            onClick={() => push(supportChatPath)}
            data-testid="restrictions-contact"
          >
            {t('supportEntry.contact')}
          </Button>
        </SupportBadge>
      </div>
    </section>
  );
}
