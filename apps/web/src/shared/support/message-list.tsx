import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@kabuto/domain/format/date';
import type { SupportMessageWire } from '@kabuto/contracts/support/support';
import { PrivateImage } from '../uploads/private-image.tsx';
import { isLang } from '../session/session.store.ts';
import './message-list.css';

/**
 * The conversation, oldest first. Every text is a React text node (never markup): `<script>` shows as the characters
 * typed. Each bubble takes its own direction from its first strong letter (`dir="auto"`) and is isolated, so a
 * right-to-left message cannot reorder the time or the receipt beside it. Own messages show "read" once the other side
 * has read them.
 */
export function MessageList({
  messages,
  mine,
}: {
  messages: readonly SupportMessageWire[];
  mine: 'customer' | 'staff';
}) {
  const { t, i18n } = useTranslation();
  const locale = isLang(i18n.language) ? i18n.language : 'jp';
  const list = useRef<HTMLOListElement>(null);
  const last = messages.at(-1)?.id;
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [last]);
  return (
    <ol ref={list} className="chat-list" aria-live="polite" data-testid="chat-messages">
      {messages.map((m) => {
        const own = mine === 'staff' ? m.author === 'staff' : m.author !== 'staff';
        return (
          <li
            key={m.id}
            className={`chat-msg chat-msg--${own ? 'own' : 'other'}`}
            data-testid="chat-message"
            data-author={m.author}
          >
            <span className="visually-hidden">
              {t(m.author === 'staff' ? 'support.author.staff' : 'support.author.customer')}
            </span>
            {m.imageId ? (
              <div className="chat-msg__image">
                <PrivateImage id={m.imageId} alt={t('support.imageAlt')} testId="chat-image" />
              </div>
            ) : (
              <p className="chat-msg__text" dir="auto" data-testid="chat-text">
                {m.body}
              </p>
            )}
            <div className="chat-msg__meta num">
              <time dateTime={m.createdAt}>{formatDate(m.createdAt, 'M-D h:m', undefined, locale)}</time>
              {own && m.read && (
                <span className="chat-msg__read" data-testid="chat-read">
                  {t('support.read')}
                </span>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
