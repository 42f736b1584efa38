import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/components/page.tsx';
import { addressParam } from '../../../shared/navigation/navigation.ts';
import '../settings.css';

const termsSections = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9'] as const;
const privacySections = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'] as const;

type Tab = 'terms' | 'privacy';

/** Terms of service and privacy policy (/user/tys). SPEC §1: operated in the United States, governed by New York law. */
export function TermsScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>(() => (addressParam('tab') === 'privacy' ? 'privacy' : 'terms'));

  const render = (group: 'tos' | 'privacy', keys: readonly string[]) => (
    <article className="legal" data-testid={`terms-${group}`}>
      <p className="legal__updated">{t('terms.updated')}</p>
      <p className="legal__lead">{t(`terms.${group}.lead`)}</p>
      {keys.map((k) => (
        <section key={k}>
          <h3>{t(`terms.${group}.${k}.title`)}</h3>
          <p>{t(`terms.${group}.${k}.body`)}</p>
        </section>
      ))}
    </article>
  );

  return (
    <Page testId="terms-screen">
      <Tabs activeKey={tab} onChange={(key) => setTab(key === 'privacy' ? 'privacy' : 'terms')} className="legal__tabs">
        <Tabs.Tab title={t('terms.tabTerms')} key="terms" data-testid="terms-tab-terms">
          {render('tos', termsSections)}
        </Tabs.Tab>
        <Tabs.Tab title={t('terms.tabPrivacy')} key="privacy" data-testid="terms-tab-privacy">
          {render('privacy', privacySections)}
        </Tabs.Tab>
      </Tabs>
    </Page>
  );
}
