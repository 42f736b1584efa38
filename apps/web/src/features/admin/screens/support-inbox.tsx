import { useCallback, useState } from 'react';
import { Badge, Button, Skeleton, Tabs, TextArea } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkMessageText } from '@kabuto/domain/support/message-text';
import { messageTextRefusalKey } from '@kabuto/contracts/support/refusals';
import { cannedAnswerIds, supportBoxes, type SupportBox } from '@kabuto/contracts/support/policies';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { DetailList, type DetailRow } from '../../../shared/components/detail-list.tsx';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { useStreamTopic } from '../../../shared/stream/stream-context.tsx';
import type { TopicMessage } from '../../../shared/stream/stream-client.ts';
import { MessageList } from '../../../shared/support/message-list.tsx';
import { translateKey } from '../../../i18n/i18n.ts';
import {
  assignThread,
  closeThread,
  fetchInbox,
  fetchThread,
  replyThread,
  supportAdminKeys,
  type SupportThreadDetail,
} from '../api/support-admin.api.ts';
import './support-inbox.css';

/**
 * Issue 27, back office "Support": the inbox (unassigned / mine / closed) and the thread beside it, with the member's
 * context, canned answers, assignment, reply and close. New messages arrive on the staff member's own event topic.
 */
export function SupportInbox() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [box, setBox] = useState<SupportBox>('unassigned');
  const [open, setOpen] = useState<string | null>(null);
  const inbox = useQuery({ queryKey: supportAdminKeys.inbox(box), queryFn: ({ signal }) => fetchInbox(box, signal) });
  const refresh = useCallback(
    () =>
      void client.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(supportAdminKeys.all),
      }),
    [client],
  );
  const onEvent = useCallback(
    (m: TopicMessage) => {
      if (m.type === 'event' && m.event.type === 'support.message') refresh();
    },
    [refresh],
  );
  useStreamTopic('member', onEvent, refresh);

  return (
    <section className="support-inbox" data-testid="support-inbox">
      <Tabs activeKey={box} onChange={(k) => setBox(k as SupportBox)}>
        {supportBoxes.map((b) => (
          <Tabs.Tab
            key={b}
            title={
              <span data-testid={`support-box-${b}`}>
                {t(`support.inbox.box.${b}`)} <span className="num">({String(inbox.data?.counts[b] ?? 0)})</span>
              </span>
            }
          />
        ))}
      </Tabs>
      <div className="support-inbox__panes">
        <ul className="support-inbox__list" aria-label={t('support.inbox.listLabel')}>
          {inbox.isPending && <Skeleton.Paragraph lineCount={3} animated />}
          {inbox.data?.items.length === 0 && <li className="support-inbox__empty">{t('support.inbox.empty')}</li>}
          {inbox.data?.items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={`support-inbox__item${item.id === open ? ' support-inbox__item--on' : ''}`}
                onClick={() => setOpen(item.id)}
                aria-current={item.id === open ? 'true' : undefined}
                data-testid="support-thread-item"
              >
                <span className="support-inbox__who">
                  {item.account ?? t('support.inbox.visitor')}
                  {item.unread > 0 && (
                    <Badge
                      content={String(item.unread)}
                      aria-label={t('support.inbox.unread', { count: item.unread })}
                    />
                  )}
                </span>
                <span className="support-inbox__preview" dir="auto">
                  {item.preview || t('support.imageAlt')}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {open && <ThreadPane threadId={open} onChanged={refresh} />}
      </div>
    </section>
  );
}

function ThreadPane({ threadId, onChanged }: { threadId: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const thread = useQuery({
    queryKey: supportAdminKeys.thread(threadId),
    queryFn: ({ signal }) => fetchThread(threadId, signal),
  });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (run: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await run();
      onChanged();
    } catch (err) {
      setError(errorKeyOf(err));
    } finally {
      setBusy(false);
    }
  };
  const send = () => {
    const checked = checkMessageText(text);
    if ('refused' in checked) {
      setError(messageTextRefusalKey[checked.refused]);
      return;
    }
    void act(async () => {
      await replyThread(threadId, checked.ok);
      setText('');
    });
  };

  if (!thread.data) return <Skeleton.Paragraph lineCount={5} animated />;
  const { thread: head, messages, member } = thread.data;
  const closed = head.status === 'closed';
  return (
    <div className="support-inbox__thread" data-testid="support-thread">
      <MemberContext member={member} locale={locale} />
      <div className="support-inbox__actions">
        {!head.assignedToMe && !closed && (
          <Button
            size="small"
            disabled={busy}
            onClick={() => void act(() => assignThread(threadId))}
            data-testid="support-assign"
          >
            {t('support.inbox.assign')}
          </Button>
        )}
        {head.assignedTo && (
          <span className="support-inbox__assigned">{t('support.inbox.assignedTo', { account: head.assignedTo })}</span>
        )}
        {!closed && (
          <Button
            size="small"
            disabled={busy}
            onClick={() => void act(() => closeThread(threadId))}
            data-testid="support-close"
          >
            {t('support.inbox.close')}
          </Button>
        )}
      </div>
      <MessageList messages={messages} mine="staff" />
      {!closed && (
        <div className="support-inbox__reply">
          <div className="support-inbox__canned" aria-label={t('support.inbox.canned')} role="group">
            {cannedAnswerIds.map((id) => (
              <Button
                key={id}
                size="mini"
                fill="outline"
                onClick={() => setText(t(`support.canned.${id}`))}
                data-testid={`support-canned-${id}`}
              >
                {t(`support.cannedLabel.${id}`)}
              </Button>
            ))}
          </div>
          {error && (
            <p className="support-inbox__error" role="alert" data-testid="support-reply-error">
              {translateKey(error)}
            </p>
          )}
          <TextArea
            value={text}
            onChange={setText}
            placeholder={t('support.inbox.replyPlaceholder')}
            aria-label={t('support.inbox.replyPlaceholder')}
            autoSize={{ minRows: 2, maxRows: 6 }}
            data-testid="support-reply-input"
          />
          <Button color="primary" disabled={busy || text.trim() === ''} onClick={send} data-testid="support-reply-send">
            {t('support.inbox.reply')}
          </Button>
        </div>
      )}
      {closed && (
        <p className="support-inbox__empty">
          {t('support.inbox.closedNote', { time: jstText(head.lastMessageAt, undefined, locale) })}
        </p>
      )}
    </div>
  );
}

function MemberContext({
  member,
  locale,
}: {
  member: SupportThreadDetail['member'];
  locale: ReturnType<typeof useLocale>;
}) {
  const { t } = useTranslation();
  if (!member)
    return (
      <p className="support-inbox__context" data-testid="support-context">
        {t('support.inbox.visitorContext')}
      </p>
    );
  const rows: DetailRow[] = [
    { label: t('support.inbox.account'), value: member.account, className: 'num' },
    { label: t('support.inbox.verification'), value: t(`support.inbox.realName.${member.realNameStatus}`) },
    { label: t('support.inbox.since'), value: jstText(member.createdAt, undefined, locale) },
    {
      label: t('support.inbox.applications'),
      value:
        member.openApplications.length === 0
          ? t('support.inbox.none')
          : member.openApplications
              .map((a) =>
                t('support.inbox.applicationItem', { kind: t(`support.inbox.kind.${a.kind}`), count: a.count }),
              )
              .join(' / '),
    },
    {
      label: t('support.inbox.restrictions'),
      value:
        member.restrictions.length === 0
          ? t('support.inbox.none')
          : member.restrictions
              .map((r) => t('support.inbox.restrictionItem', { kind: t(`restrictions.${r.kind}`), reason: r.reason }))
              .join(' / '),
    },
  ];
  return (
    <div className="support-inbox__context" data-testid="support-context">
      <DetailList rows={rows} />
    </div>
  );
}
