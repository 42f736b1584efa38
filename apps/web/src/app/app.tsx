import { useState } from 'react';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { AppRoot } from './app-root.tsx';
import { AppRouter } from './router.tsx';
import { i18n } from '../i18n/i18n.ts';
import { createQueryClient } from '../shared/api/query-client.ts';
import { AppConfigContext } from '../shared/config/app-config.ts';
import type { AppConfig } from '../shared/config/app-config.ts';
import { BootReportContext } from '../shared/config/boot-report.ts';
import type { BootReport } from '../shared/config/boot-report.ts';
import { isLang } from '../shared/session/session.store.ts';

const kitLocales = { en: enUS, tw: zhTW, jp: jaJP } as const;

interface AppProps {
  config: AppConfig;
  boot: BootReport;
}

function Providers({ config, boot }: AppProps) {
  const [queryClient] = useState(createQueryClient);
  const { i18n: current } = useTranslation();
  const lang = isLang(current.language) ? current.language : 'jp';
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={kitLocales[lang]}>
        <AppConfigContext.Provider value={config}>
          <BootReportContext.Provider value={boot}>
            <AppRouter />
          </BootReportContext.Provider>
        </AppConfigContext.Provider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

export function App({ config, boot }: AppProps) {
  return (
    <AppRoot>
      <I18nextProvider i18n={i18n}>
        <Providers config={config} boot={boot} />
      </I18nextProvider>
    </AppRoot>
  );
}
