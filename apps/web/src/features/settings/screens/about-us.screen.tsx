import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/components/page.tsx';
import { BrandHeader } from '../../../shared/components/brand-header.tsx';
import { useAppConfig } from '../../../shared/config/app-config.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { version } from '../../../../package.json';
import '../settings.css';

/** About us (/user/aboutUs): what Kabuto is, the version, how to reach us. */
export function AboutUsScreen() {
  const { t } = useTranslation();
  const config = useAppConfig();
  return (
    <Page testId="about-screen">
      <BrandHeader />
      <article className="legal about">
        <p>{t('about.p1')}</p>
        <p>{t('about.p2')}</p>
        <p>{t('about.p3')}</p>
      </article>
      <List mode="card">
        <List.Item
          extra={
            <span className="num" data-testid="about-version">
              {version}
            </span>
          }
        >
          {t('about.version')}
        </List.Item>
        <List.Item extra={t('about.operatorValue')}>{t('about.operator')}</List.Item>
        <List.Item
          description={
            <span className="contact-text about__contact" data-testid="about-contact">
              {config.contact || t('start.contactMissing')}
            </span>
          }
        >
          {t('about.contact')}
        </List.Item>
        <List.Item onClick={() => push('/user/tys')} data-testid="about-terms">
          {t('settings.terms')}
        </List.Item>
      </List>
    </Page>
  );
}
