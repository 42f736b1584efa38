import { useEffect, useRef, useState } from 'react';
import { Button, Skeleton, Tag } from 'antd-mobile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import type { Lang } from '@kabuto/contracts/fields';
import { reasonIssue, textIssue } from '@kabuto/contracts/formats';
import { fetchAdminNews, newsAdminKeys, publishNews, withdrawNews, type AdminNewsItem } from '../api/news-admin.api.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { jstText, useLocale } from '../../../shared/format/jst.ts';

const langs: readonly Lang[] = ['jp', 'en', 'tw'];

/** News for members (/home/moreNews): staff publish plain-text articles per language and withdraw them with a reason (both audited). */
export function NewsAdmin({ mayPublish, mayWithdraw }: { mayPublish: boolean; mayWithdraw: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const news = useQuery({ queryKey: newsAdminKeys.list, queryFn: ({ signal }) => fetchAdminNews(signal) });
  const [withdrawing, setWithdrawing] = useState<AdminNewsItem | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (withdrawing) panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [withdrawing]);

  return (
    <div className="review" data-testid="admin-news">
      <div className="section-bar">
        <h2 className="decision__title">{t('admin.news.title')}</h2>
      </div>
      {mayPublish && <PublishForm />}
      <div ref={panelRef}>
        {withdrawing && <WithdrawPanel key={withdrawing.id} item={withdrawing} onDone={() => setWithdrawing(null)} />}
      </div>
      {news.isPending ? (
        <Skeleton.Paragraph lineCount={5} animated className="centered-block" />
      ) : news.isError ? (
        <div className="centered-block">
          <StatusBlock
            kind="disconnected"
            title={t('admin.audit.failedTitle')}
            description={t('admin.audit.failedBody')}
          />
        </div>
      ) : news.data.items.length === 0 ? (
        <StatusBlock kind="empty" title={t('admin.news.empty')} description={t('admin.news.emptyHint')} />
      ) : (
        <div className="audit__scroll" tabIndex={0}>
          <table className="admin-table" data-testid="admin-news-table">
            <thead>
              <tr>
                <th>{t('admin.news.published')}</th>
                <th>{t('admin.news.lang')}</th>
                <th>{t('admin.news.titleField')}</th>
                <th>{t('admin.news.status')}</th>
                {mayWithdraw && <th>{t('admin.news.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {news.data.items.map((item) => (
                <NewsRow
                  key={item.id}
                  item={item}
                  time={jstText(item.publishedAt, 'Y-M-D h:m', locale)}
                  withdrawn={item.unpublishedAt ? jstText(item.unpublishedAt, 'Y-M-D h:m', locale) : null}
                  chosen={withdrawing?.id === item.id}
                  onWithdraw={mayWithdraw ? () => setWithdrawing(item) : null}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function NewsRow({
  item,
  time,
  withdrawn,
  chosen,
  onWithdraw,
}: {
  item: AdminNewsItem;
  time: string;
  withdrawn: string | null;
  chosen: boolean;
  onWithdraw: (() => void) | null;
}) {
  const { t } = useTranslation();
  return (
    <tr data-testid="admin-news-row" data-id={item.id} className={chosen ? 'admin-table__row--on' : undefined}>
      <td className="nowrap num">{time}</td>
      <td className="mono">{item.lang}</td>
      <td>
        {item.title}
        <div className="decision__hint">{item.source}</div>
      </td>
      <td>
        {item.unpublishedAt ? (
          <Tag fill="outline">{t('admin.news.withdrawn')}</Tag>
        ) : (
          <Tag color="success">{t('admin.news.live')}</Tag>
        )}
        {withdrawn && <div className="decision__hint nowrap num">{withdrawn}</div>}
      </td>
      {onWithdraw && (
        <td>
          {!item.unpublishedAt && (
            <Button size="mini" color="danger" fill="outline" onClick={onWithdraw} data-testid="admin-news-withdraw">
              {t('admin.news.withdraw')}
            </Button>
          )}
        </td>
      )}
    </tr>
  );
}

/** Withdraw with a reason (the server requires one and audits it), after reading what it does. */
function WithdrawPanel({ item, onDone }: { item: AdminNewsItem; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const reasonOk = reasonIssue(reason) === null;
  const withdraw = useMutation({
    mutationFn: () => withdrawNews({ id: item.id, reason: reason.trim() }),
    onSuccess: async () => {
      showSuccess(successKeys.saved);
      onDone();
      // The members' news list and article (in this app's cache) must not keep showing it either.
      await Promise.all(
        [newsAdminKeys.list, newsAdminKeys.memberList, newsAdminKeys.memberDetail].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    // Already withdrawn by someone else: the refusal's notice shows, and the list catches up.
    onError: () => void queryClient.invalidateQueries({ queryKey: newsAdminKeys.list }),
  });
  return (
    <section
      className="decision"
      role="alertdialog"
      aria-labelledby="admin-news-withdraw-title"
      data-testid="admin-news-withdraw-panel"
    >
      <h3 id="admin-news-withdraw-title" className="decision__title">
        {t('admin.news.withdrawTitle')}
      </h3>
      <p className="market-admin__final">{t('admin.news.withdrawConfirm', { title: item.title })}</p>
      <label className="decision__label" htmlFor="admin-news-reason">
        {t('admin.decision.reason')}
      </label>
      <textarea
        id="admin-news-reason"
        className="admin-textarea"
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={t('admin.news.withdrawReason')}
        data-testid="admin-news-withdraw-reason"
      />
      <p className="decision__hint">{t(reasonOk ? 'admin.news.withdrawAudit' : 'admin.decision.reasonRequired')}</p>
      <div className="decision__choices">
        <Button onClick={onDone} data-testid="admin-news-withdraw-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          color="danger"
          disabled={!reasonOk}
          loading={withdraw.isPending}
          onClick={() => withdraw.mutate()}
          data-testid="admin-news-withdraw-confirm"
        >
          {t('admin.news.withdrawSubmit')}
        </Button>
      </div>
    </section>
  );
}

function PublishForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [lang, setLang] = useState<Lang>('jp');
  const [title, setTitle] = useState('');
  const [source, setSource] = useState('Kabuto');
  const [body, setBody] = useState('');
  const valid = textIssue(title, 200) === null && textIssue(source, 100) === null && textIssue(body, 20000) === null;
  const publish = useMutation({
    mutationFn: () => publishNews({ lang, title: title.trim(), source: source.trim(), body: body.trim() }),
    onSuccess: async () => {
      showSuccess(successKeys.saved);
      setTitle('');
      setBody('');
      await queryClient.invalidateQueries({ queryKey: newsAdminKeys.list });
    },
  });
  return (
    <section className="decision" data-testid="admin-news-form">
      <h3 className="decision__title">{t('admin.news.publish')}</h3>
      <div className="segmented" role="radiogroup" aria-label={t('admin.news.lang')}>
        {langs.map((l) => (
          <button
            key={l}
            type="button"
            role="radio"
            aria-checked={lang === l}
            className={`segmented__option${lang === l ? ' segmented__option--on' : ''}`}
            onClick={() => setLang(l)}
            data-testid={`admin-news-lang-${l}`}
          >
            {t(`languages.${l}`)}
          </button>
        ))}
      </div>
      <label className="admin-field">
        <span>{t('admin.news.titleField')}</span>
        <input
          className="admin-input"
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          data-testid="admin-news-title"
        />
      </label>
      <label className="admin-field">
        <span>{t('admin.news.source')}</span>
        <input
          className="admin-input"
          value={source}
          maxLength={100}
          onChange={(e) => setSource(e.target.value)}
          data-testid="admin-news-source"
        />
      </label>
      <label className="admin-field">
        <span>{t('admin.news.body')}</span>
        <textarea
          className="admin-textarea"
          value={body}
          rows={6}
          maxLength={20000}
          onChange={(e) => setBody(e.target.value)}
          data-testid="admin-news-body"
        />
      </label>
      <p className="decision__hint">{t('admin.news.plainText')}</p>
      <Button
        color="primary"
        disabled={!valid}
        loading={publish.isPending}
        onClick={() => publish.mutate()}
        data-testid="admin-news-publish"
      >
        {t('admin.news.submit')}
      </Button>
    </section>
  );
}
