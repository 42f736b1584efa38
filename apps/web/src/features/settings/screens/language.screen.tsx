import { CheckList } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@kabuto/contracts/fields';
import { Page } from '../../../shared/components/page.tsx';
import { changeLang } from '../../../i18n/i18n.ts';
import { showNoticeKey } from '../../../shared/api/notice.ts';
import { isLang, supportedLangs, useSession } from '../../../shared/session/session.store.ts';

// Each language is named in itself, so a member who cannot read the current one still finds theirs.
const nativeNames: Record<Lang, string> = { en: 'English', tw: '繁體中文', jp: '日本語' };

/** Language (/user/changeLang): en, tw or jp; the choice persists under `lang` (SPEC §3, §9). */
export function LanguageScreen() {
  const { t } = useTranslation();
  const { lang } = useSession();
  return (
    <Page testId="language-screen">
      <p className="screen-intro">{t('language.intro')}</p>
      <CheckList
        mode="card"
        value={[lang]}
        onChange={(values) => {
          const next = values[0];
          // The catalogue is a chunk of its own: a failed download keeps the current language and says so (SPEC §8).
          if (isLang(next) && next !== lang) changeLang(next).catch(() => showNoticeKey('notice.chunkFailed'));
        }}
      >
        {supportedLangs.map((code) => (
          <CheckList.Item
            key={code}
            value={code}
            description={t(`languages.${code}`)}
            data-testid={`lang-${code}`}
            aria-current={code === lang ? 'true' : undefined}
          >
            {nativeNames[code]}
          </CheckList.Item>
        ))}
      </CheckList>
    </Page>
  );
}
