import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ListSkeleton } from './list-skeleton.tsx';
import { Refreshable } from './refreshable.tsx';
import { i18n, initI18n, loadCatalogueParts } from '../../i18n/i18n.ts';

describe('the shared list pieces (issue 27)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=jp', hash: '' });
  });

  afterEach(() => cleanup());

  it('draws skeleton rows of the height they stand for (never the kit’s 0 px), said to be loading', () => {
    render(<ListSkeleton rows={3} rowHeight={136} gap={8} radius={14} label="読み込み中" testId="sk" />);
    const list = screen.getByTestId('sk');
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(list.getAttribute('aria-label')).toBe('読み込み中');
    expect(list.style.getPropertyValue('--list-skeleton-gap')).toBe('8px');
    const rows = [...list.querySelectorAll<HTMLElement>('.adm-skeleton')];
    expect(rows.map((r) => r.style.getPropertyValue('--height'))).toEqual(['136px', '136px', '136px']);
    expect(rows.map((r) => r.style.getPropertyValue('--border-radius'))).toEqual(['14px', '14px', '14px']);
  });

  it('says "pull down" in the screen’s own words once its catalogue part is loaded', async () => {
    // Before: the kit's words (ConfigProvider's locale; its default outside one).
    const before = render(
      <Refreshable onRefresh={() => Promise.resolve()}>
        <p>list</p>
      </Refreshable>,
    );
    expect(before.container.querySelector('.adm-pull-to-refresh-head')?.textContent).not.toBe('下に引いて更新');
    cleanup();
    await loadCatalogueParts(['trade']);
    expect(i18n.exists('pull.pulling')).toBe(true);
    const after = render(
      <Refreshable onRefresh={() => Promise.resolve()}>
        <p>list</p>
      </Refreshable>,
    );
    expect(after.container.querySelector('.adm-pull-to-refresh-head')?.textContent).toBe('下に引いて更新');
    expect(screen.getByText('list')).toBeTruthy();
  });
});
