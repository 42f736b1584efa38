import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { Headset } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/components/page.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { useSession } from '../../../shared/session/session.store.ts';
import { useStreamTopic } from '../../../shared/stream/stream-context.tsx';
import { supportUnreadKey } from '../../../shared/support/support-unread.ts';
import { forgetVisitorToken, storedVisitorToken, visitorToken } from '../../../shared/support/visitor-token.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import {
  fetchMemberThread,
  fetchVisitorThread,
  markMemberRead,
  markVisitorRead,
  sendMemberImage,
  sendMemberText,
  sendVisitorText,
  supportKeys,
  type SupportThreadWire,
} from '../api/support.api.ts';
import { Composer } from '../components/composer.tsx';
import { MessageList } from '../../../shared/support/message-list.tsx';
import '../support.css';

/**
 * Online customer service (issue 27, route /support/chat): a member's conversation with support, or a visitor's before
 * signing in. History comes from the server on every load; replies arrive live (member events, or the visitor's
 * `support:<token>` topic) and are marked read while this screen shows them.
 */
export function SupportChatScreen() {
  const { token } = useSession();
  return token === '' ? <VisitorChat /> : <MemberChat token={token} />;
}

function MemberChat({ token }: { token: string }) {
  const client = useQueryClient();
  // The visitor's conversation from before signing in joins this account on the first load, then the token goes.
  const joining = useRef(storedVisitorToken());
  const thread = useQuery({
    queryKey: supportKeys.member(token),
    queryFn: async ({ signal }) => {
      const answer = await fetchMemberThread(joining.current, { signal });
      if (joining.current) {
        forgetVisitorToken();
        joining.current = null;
      }
      return answer;
    },
    retry: false,
  });
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: supportKeys.member(token) }), [client, token]);
  const markRead = useCallback(
    async (upTo: string) => {
      await markMemberRead(upTo);
      await client.invalidateQueries({ queryKey: supportUnreadKey(token) });
      await refresh();
    },
    [client, refresh, token],
  );
  return (
    <ChatFrame
      thread={thread.data}
      failed={thread.isError}
      onRetry={() => void thread.refetch()}
      markRead={markRead}
      onSendText={async (text) => {
        await sendMemberText(text);
        await refresh();
      }}
      onSendImage={async (id) => {
        await sendMemberImage(id);
        await refresh();
      }}
    />
  );
}

function VisitorChat() {
  const client = useQueryClient();
  // A token exists once the visitor has sent something; before that there is nothing to load or follow.
  const [vt, setVt] = useState(storedVisitorToken);
  const thread = useQuery({
    queryKey: supportKeys.visitor(vt ?? ''),
    queryFn: ({ signal }) => fetchVisitorThread(vt as string, { signal }),
    enabled: vt !== null,
    retry: false,
  });
  const refresh = useCallback(
    () => client.invalidateQueries({ queryKey: supportKeys.visitor(vt ?? '') }),
    [client, vt],
  );
  useStreamTopic(
    vt ? `support:${vt}` : null,
    () => void refresh(),
    () => void refresh(),
  );
  const empty: SupportThreadWire = { id: null, status: 'open', messages: [], unread: 0 };
  return (
    <ChatFrame
      thread={vt === null ? empty : thread.data}
      failed={thread.isError}
      onRetry={() => void thread.refetch()}
      visitor
      markRead={async (upTo) => {
        if (!vt) return;
        await markVisitorRead(vt, upTo);
        await refresh();
      }}
      onSendText={async (text) => {
        const token = vt ?? visitorToken();
        await sendVisitorText(token, text);
        if (!vt) setVt(token);
        else await refresh();
      }}
    />
  );
}

interface ChatFrameProps {
  thread: SupportThreadWire | undefined;
  failed: boolean;
  onRetry: () => void;
  visitor?: boolean;
  markRead: (upTo: string) => Promise<void>;
  onSendText: (text: string) => Promise<void>;
  onSendImage?: (uploadId: string) => Promise<void>;
}

function ChatFrame({ thread, failed, onRetry, visitor = false, markRead, onSendText, onSendImage }: ChatFrameProps) {
  const { t } = useTranslation();
  // Support's latest message the member has not read yet: shown now, so read now (once per message).
  const lastUnread =
    thread && thread.unread > 0 ? thread.messages.findLast((m) => m.author === 'staff')?.id : undefined;
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!lastUnread || marked.current === lastUnread) return;
    marked.current = lastUnread;
    void markRead(lastUnread).catch(() => {
      marked.current = null;
    });
  }, [lastUnread, markRead]);

  return (
    <Page testId="support-chat" footer={<Composer onSendText={onSendText} {...(onSendImage ? { onSendImage } : {})} />}>
      <div className="chat-intro">
        <Headset aria-hidden="true" className="chat-intro__icon" />
        <div>
          <p className="chat-intro__title">{t('support.introTitle')}</p>
          <p className="chat-intro__body">{t('support.introBody')}</p>
        </div>
      </div>
      {visitor && (
        <div className="chat-visitor" data-testid="chat-visitor-note">
          <p>{t('support.visitorNote')}</p>
          <Button size="small" fill="outline" onClick={() => push('/login/login')} data-testid="chat-sign-in">
            {t('support.signIn')}
          </Button>
        </div>
      )}
      {failed ? (
        <LoadFailure titleKey="support.loadFailedTitle" messageKey="support.loadFailedBody" onRetry={onRetry} />
      ) : !thread ? (
        <Skeleton.Paragraph lineCount={4} animated />
      ) : thread.messages.length === 0 ? (
        <p className="chat-empty" data-testid="chat-empty">
          {t('support.empty')}
        </p>
      ) : (
        <>
          {thread.status === 'closed' && (
            <p className="chat-closed" data-testid="chat-closed">
              {t('support.closedNote')}
            </p>
          )}
          <MessageList messages={thread.messages} mine="customer" />
        </>
      )}
    </Page>
  );
}
