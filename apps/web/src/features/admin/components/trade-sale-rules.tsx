import { useEffect, useRef, useState } from 'react';
import { Button, Switch } from 'antd-mobile';
import { Plus } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { reasonIssue } from '@kabuto/contracts/formats';
import { saveProductRules, tradeAdminKeys, type ProductRules, type TradeSettings } from '../api/trade-admin.api.ts';
import { draftOfRules, hasRules, noRules, rulesIssues, rulesOfDraft, type RulesDraft } from '../trade-settings-form.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';

/**
 * Per-stock sale rules (same-day ban, T+1, minimum holding, lock-up): the stocks that have any, and an editor for
 * one stock. Admin saves with a reason (audited as `trade.productRulesSave`); other staff read.
 */
export function TradeSaleRules({ settings, maySave }: { settings: TradeSettings; maySave: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [editing, setEditing] = useState<{ draft: RulesDraft; saved?: ProductRules } | null>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const rows = settings.products.filter(hasRules);

  useEffect(() => {
    if (editing) editorRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [editing]);

  return (
    <section className="decision admin-form" data-testid="admin-trade-rules">
      <div className="trade-admin__head">
        <h3 className="decision__title">{t('admin.trade.rules.title')}</h3>
        {maySave && (
          <Button
            size="small"
            color="primary"
            fill="outline"
            onClick={() => setEditing({ draft: noRules() })}
            data-testid="admin-trade-rules-new"
          >
            <Plus /> {t('admin.trade.rules.new')}
          </Button>
        )}
      </div>
      <p className="decision__hint">{t('admin.trade.rules.hint')}</p>
      {rows.length === 0 ? (
        <p className="decision__hint" data-testid="admin-trade-rules-none">
          {t('admin.trade.rules.none')}
        </p>
      ) : (
        <div className="audit__scroll" tabIndex={0}>
          <table className="admin-table trade-admin__rules" data-testid="admin-trade-rules-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.trade.rules.cols.symbol')}</th>
                <th scope="col">{t('admin.trade.rules.cols.sameDayBan')}</th>
                <th scope="col">{t('admin.trade.rules.cols.tPlusOneBan')}</th>
                <th scope="col" className="admin-table__amount">
                  {t('admin.trade.rules.cols.minHolding')}
                </th>
                <th scope="col">{t('admin.trade.rules.cols.lockUp')}</th>
                {maySave && <th scope="col" />}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr
                  key={r.symbol}
                  data-testid="admin-trade-rules-row"
                  data-symbol={r.symbol}
                  className={editing?.draft.symbol === r.symbol ? 'admin-table__row--on' : undefined}
                >
                  <td className="num">
                    <strong>{r.symbol}</strong>
                  </td>
                  <td>{t(r.sameDayBan ? 'admin.trade.rules.banned' : 'admin.trade.rules.allowed')}</td>
                  <td>{t(r.tPlusOneBan ? 'admin.trade.rules.banned' : 'admin.trade.rules.allowed')}</td>
                  <td className="num admin-table__amount">
                    {r.minHoldingMinutes > 0 ? t('admin.trade.rules.minutes', { minutes: r.minHoldingMinutes }) : '—'}
                  </td>
                  <td className="num">
                    {r.lockUpUntil ? jstText(r.lockUpUntil, 'Y-M-D h:m', locale) : t('admin.trade.rules.noLockUp')}
                  </td>
                  {maySave && (
                    <td>
                      <Button
                        size="mini"
                        fill="outline"
                        color="primary"
                        onClick={() => setEditing({ draft: draftOfRules(r), saved: r })}
                        data-testid="admin-trade-rules-edit"
                      >
                        {t('admin.trade.rules.edit')}
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div ref={editorRef}>
        {maySave && editing && (
          <RulesEditor
            key={editing.saved?.symbol ?? 'new'}
            initial={editing.draft}
            saved={editing.saved}
            onDone={() => setEditing(null)}
          />
        )}
      </div>
    </section>
  );
}

function RulesEditor({
  initial,
  saved,
  onDone,
}: {
  initial: RulesDraft;
  saved: ProductRules | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [d, setD] = useState<RulesDraft>(initial);
  const [reason, setReason] = useState('');
  const issues = rulesIssues(d);
  const rules = rulesOfDraft(d, saved);
  const reasonOk = reasonIssue(reason) === null;

  const save = useMutation({
    mutationFn: (r: ProductRules) => saveProductRules({ ...r, reason: reason.trim() }),
    onSuccess: (next) => {
      showSuccess(successKeys.saved);
      queryClient.setQueryData(tradeAdminKeys.settings, next);
      onDone();
    },
  });

  return (
    <section className="decision trade-admin__editor" data-testid="admin-trade-rules-editor">
      <h3 className="decision__title">
        {saved ? t('admin.trade.rules.editTitle', { symbol: saved.symbol }) : t('admin.trade.rules.newTitle')}
      </h3>
      <div className="admin-form__grid">
        <label className="admin-field">
          <span>{t('admin.trade.rules.fields.symbol')}</span>
          <input
            className="admin-input num"
            value={d.symbol}
            maxLength={4}
            readOnly={saved !== undefined}
            autoCapitalize="characters"
            aria-invalid={issues.includes('symbol')}
            onChange={(e) => setD({ ...d, symbol: e.target.value.trim().toUpperCase() })}
            data-testid="admin-trade-rules-symbol"
          />
        </label>
        <label className="admin-field">
          <span>{t('admin.trade.rules.fields.minHoldingMinutes')}</span>
          <input
            className="admin-input num"
            inputMode="numeric"
            value={d.minHoldingMinutes}
            aria-invalid={issues.includes('minHoldingMinutes')}
            onChange={(e) => setD({ ...d, minHoldingMinutes: e.target.value.trim() })}
            data-testid="admin-trade-rules-minutes"
          />
        </label>
        <label className="admin-field">
          <span>{t('admin.trade.rules.fields.lockUpDate')}</span>
          <input
            className="admin-input num"
            type="date"
            value={d.lockUpDate}
            aria-invalid={issues.includes('lockUpDate')}
            onChange={(e) => setD({ ...d, lockUpDate: e.target.value })}
            data-testid="admin-trade-rules-lockup"
          />
        </label>
        <label className="admin-field admin-field--inline">
          <span>{t('admin.trade.rules.fields.sameDayBan')}</span>
          <Switch
            checked={d.sameDayBan}
            onChange={(sameDayBan) => setD({ ...d, sameDayBan })}
            data-testid="admin-trade-rules-sameday"
          />
        </label>
        <label className="admin-field admin-field--inline">
          <span>{t('admin.trade.rules.fields.tPlusOneBan')}</span>
          <Switch
            checked={d.tPlusOneBan}
            onChange={(tPlusOneBan) => setD({ ...d, tPlusOneBan })}
            data-testid="admin-trade-rules-tplusone"
          />
        </label>
      </div>
      {issues.length > 0 && <p className="decision__hint trade-admin__invalid">{t('admin.trade.rules.invalid')}</p>}
      <label className="decision__label" htmlFor="admin-trade-rules-reason">
        {t('admin.decision.reason')}
      </label>
      <textarea
        id="admin-trade-rules-reason"
        className="admin-textarea"
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={t('admin.trade.rules.reasonPlaceholder')}
        data-testid="admin-trade-rules-reason"
      />
      <p className="decision__hint">{t(reasonOk ? 'admin.trade.terms.audited' : 'admin.decision.reasonRequired')}</p>
      <div className="decision__choices">
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button
          color="primary"
          disabled={rules === null || !reasonOk}
          loading={save.isPending}
          onClick={() => {
            if (rules) save.mutate(rules);
          }}
          data-testid="admin-trade-rules-save"
        >
          {t('admin.trade.rules.save')}
        </Button>
      </div>
    </section>
  );
}
