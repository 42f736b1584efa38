import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { SupportMessageWire } from '@kabuto/contracts/support/support';
import { MessageList } from './message-list.tsx';
import { initI18n, loadCatalogueParts } from '../../i18n/i18n.ts';

const message = (id: string, author: SupportMessageWire['author'], body: string, read = false): SupportMessageWire => ({
  id,
  author,
  body,
  imageId: null,
  createdAt: '2026-11-20T01:00:00.000Z',
  read,
});

describe('chat messages are text only (issue 27)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['support']);
  });
  afterEach(() => cleanup());

  it('shows <script> and <img onerror> as the characters typed, creating no element', () => {
    const script = '<script>window.hacked = true</script>';
    const img = '<img src=x onerror="window.hacked = true">';
    const { container } = render(
      <MessageList messages={[message('1', 'member', script), message('2', 'staff', img)]} mine="customer" />,
    );
    const texts = screen.getAllByTestId('chat-text');
    expect(texts.map((t) => t.textContent)).toEqual([script, img]);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('gives each bubble its own direction, and says "read" only on own messages the other side read', () => {
    render(
      <MessageList
        messages={[
          message('1', 'member', 'مرحبا', true),
          message('2', 'staff', 'Hello', true),
          message('3', 'member', 'x'),
        ]}
        mine="customer"
      />,
    );
    expect(screen.getAllByTestId('chat-text').every((t) => t.getAttribute('dir') === 'auto')).toBe(true);
    expect(screen.getAllByTestId('chat-read')).toHaveLength(1);
    expect(screen.getByTestId('chat-read').textContent).toBe('Read');
  });
});
