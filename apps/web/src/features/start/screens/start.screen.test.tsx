import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { changeLang, initI18n } from '../../../i18n/i18n.ts';
import { BootReportContext } from '../../../shared/config/boot-report.ts';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { StartScreen } from './start.screen.tsx';

function renderStart() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <BootReportContext.Provider value={{ configMs: 78, lang: 'jp', langSource: 'default' }}>
        <StartScreen />
      </BootReportContext.Provider>
    </QueryClientProvider>,
  );
}

describe('start screen loading steps (issue 16 §3.9, UX "Start")', () => {
  beforeAll(async () => {
    localStorage.clear();
    await initI18n({ search: '?lang=jp', hash: '' });
  });
  afterEach(cleanup);

  it('marks each finished step with a tick and says it in member words, without milliseconds', async () => {
    for (const [lang, words] of [
      ['jp', ['接続', '接続しました', '日本語', '未ログインです']],
      ['en', ['Connection', 'Connected', 'English', 'Not signed in']],
      ['tw', ['連線', '已連線', '繁體中文', '尚未登入']],
    ] as const) {
      await changeLang(lang);
      renderStart();
      const steps = screen.getByTestId('start-steps');
      expect(steps.textContent, lang).not.toMatch(/\d+\s*ms|完了（/);
      for (const word of words) expect(steps.textContent, lang).toContain(word);
      expect(screen.getAllByTestId('start-step-done'), lang).toHaveLength(3);
      cleanup();
    }
  });
});
