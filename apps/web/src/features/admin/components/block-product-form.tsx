import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { Button, Switch } from 'antd-mobile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { reasonIssue } from '@kabuto/contracts/formats';
import { blockAmount } from '@kabuto/domain/block/block-trade';
import {
  blockAdminKeys,
  createBlockProduct,
  fetchStockQuote,
  type BlockProductCreateRequest,
  type StockQuote,
} from '../api/block-admin.api.ts';
import {
  channelPasswordLength,
  emptyProductDraft,
  refusalFields,
  reviewProductDraft,
  stockDayOf,
  type DraftField,
  type ProductDraft,
  type ProductRefusal,
} from '../block-product-form.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import { groupThousands } from '../../../shared/format/price-change.ts';
import { useLocale } from '../../../shared/format/jst.ts';

/** Staff words for each refusal (the keys' own texts are the server's, some of them in member-facing catalogue parts). */
const refusalText: Record<ProductRefusal, string> = {
  'errors.block.priceInvalid': 'admin.block.refusals.priceInvalid',
  'errors.trade.priceOffGrid': 'admin.block.refusals.priceOffGrid',
  'errors.trade.exceedsPriceLimit': 'admin.block.refusals.exceedsPriceLimit',
  'errors.block.minAmountInvalid': 'admin.block.refusals.minAmountInvalid',
  'errors.block.maxSharesInvalid': 'admin.block.refusals.maxSharesInvalid',
  'errors.block.dailyLimitInvalid': 'admin.block.refusals.dailyLimitInvalid',
  'errors.block.timesOutOfOrder': 'admin.block.refusals.timesOutOfOrder',
  'errors.block.timesInPast': 'admin.block.refusals.timesInPast',
  'errors.block.lockUpBeforeClose': 'admin.block.refusals.lockUpBeforeClose',
};
const isTermsRefusal = (key: string): key is ProductRefusal => key in refusalText;

const CODE = /^[0-9A-Z]{4}$/;
const WHOLE = /^[1-9]\d{0,11}$/;
const PRICE = /^(?:0|[1-9]\d{0,8})(?:\.\d)?$/;

/**
 * A new block-trade product: the stock, price, minimum purchase amount, maximum shares a member, daily application
 * limit, the window and the lock-up in JST, an optional channel password, "seat accounts only", and a reason for the
 * audit log (`block.create`). The stock's quote gives the tick table and the day's limits; the terms are checked as
 * they are typed, by the server's own rule, and nothing is sent while they are refused.
 */
export function BlockProductForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ProductDraft>(emptyProductDraft);
  const code = draft.code.trim().toUpperCase();
  const quote = useQuery({
    queryKey: blockAdminKeys.quote(code),
    queryFn: ({ signal }) => fetchStockQuote(code, signal),
    enabled: CODE.test(code),
    staleTime: 30_000,
  });
  const stock = CODE.test(code) ? quote.data : undefined;
  const review = reviewProductDraft(draft, stock ? stockDayOf(stock) : null, new Date());
  const marked = new Set<DraftField>([...review.invalid, ...(review.refusal ? refusalFields[review.refusal] : [])]);
  const reasonOk = reasonIssue(draft.reason) === null;

  const create = useMutation({
    mutationFn: (request: BlockProductCreateRequest) => createBlockProduct(request),
    onSuccess: async () => {
      showSuccess(successKeys.saved);
      setDraft(emptyProductDraft);
      await Promise.all(
        [blockAdminKeys.products, ...blockAdminKeys.memberBlock].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
  const serverKey = create.isError ? errorKeyOf(create.error) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (review.request && !create.isPending) create.mutate(review.request);
  };
  const change = (next: Partial<ProductDraft>) => {
    setDraft({ ...draft, ...next });
    if (create.isError) create.reset();
  };

  const input = (field: DraftField, props: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <label key={field} className="admin-field">
      <span>{t(`admin.block.fields.${field}`)}</span>
      <input
        className="admin-input num"
        value={draft[field]}
        aria-invalid={marked.has(field)}
        onChange={(e) => change({ [field]: e.target.value })}
        data-testid={`admin-block-${field}`}
        {...props}
      />
    </label>
  );

  // The most one member can buy (price × maximum shares), said while typing: it must reach the minimum.
  const price = draft.price.trim();
  const maxShares = draft.maxShares.trim();
  const most = PRICE.test(price) && WHOLE.test(maxShares) ? blockAmount(price, maxShares) : null;

  return (
    <form className="decision block-admin__form" noValidate onSubmit={submit} data-testid="admin-block-form">
      <h3 className="decision__title">{t('admin.block.form.title')}</h3>
      <p className="decision__hint">{t('admin.block.form.hint')}</p>
      <div className="admin-form__grid block-admin__terms">
        {input('code', { maxLength: 4, autoCapitalize: 'characters', autoComplete: 'off' })}
        {input('price', { inputMode: 'decimal', autoComplete: 'off' })}
        {input('minAmount', { inputMode: 'numeric', autoComplete: 'off' })}
        {input('maxShares', { inputMode: 'numeric', autoComplete: 'off' })}
        {input('dailyLimit', { inputMode: 'numeric', autoComplete: 'off', maxLength: 3 })}
      </div>
      <StockLine code={code} quote={stock} failed={CODE.test(code) && quote.isError ? quote.error : null} />
      {most?.gt(0) && (
        <p className="decision__hint num" data-testid="admin-block-most">
          {t('admin.block.form.most', {
            shares: groupThousands(maxShares),
            amount: moneyText(most.toFixed()),
          })}
        </p>
      )}
      <h4 className="decision__label block-admin__group">{t('admin.block.form.times')}</h4>
      <p className="decision__hint">{t('admin.block.form.order')}</p>
      <div className="admin-form__grid">
        {input('opensAt', { type: 'datetime-local', step: 60 })}
        {input('closesAt', { type: 'datetime-local', step: 60 })}
      </div>
      <fieldset className="block-admin__lockup">
        <legend className="decision__label">{t('admin.block.fields.lockUp')}</legend>
        <div className="segmented" role="radiogroup" aria-label={t('admin.block.fields.lockUp')}>
          {(['none', 'until'] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              role="radio"
              aria-checked={draft.lockUp === choice}
              className={`segmented__option${draft.lockUp === choice ? ' segmented__option--on' : ''}`}
              onClick={() => change({ lockUp: choice })}
              data-testid={`admin-block-lockUp-${choice}`}
            >
              {t(`admin.block.form.lockUp.${choice}`)}
            </button>
          ))}
        </div>
        <label className="admin-field block-admin__lockup-until">
          <span>{t('admin.block.fields.lockUpUntil')}</span>
          <input
            className="admin-input num"
            type="datetime-local"
            step={60}
            disabled={draft.lockUp === 'none'}
            value={draft.lockUpUntil}
            aria-invalid={marked.has('lockUpUntil')}
            onChange={(e) => change({ lockUpUntil: e.target.value })}
            data-testid="admin-block-lockUpUntil"
          />
        </label>
        <p className="decision__hint">{t('admin.block.form.lockUpHint')}</p>
      </fieldset>
      <div className="admin-form__grid block-admin__options">
        <label className="admin-field">
          <span>{t('admin.block.fields.password')}</span>
          {/* Staff hand this word to the channel's members: it is shown as typed, and never kept in the browser. */}
          <input
            className="admin-input"
            type="text"
            value={draft.password}
            maxLength={channelPasswordLength.max}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={marked.has('password')}
            onChange={(e) => change({ password: e.target.value })}
            data-testid="admin-block-password"
          />
          <span className="block-admin__field-hint">{t('admin.block.form.passwordHint')}</span>
        </label>
        <label className="admin-field admin-field--inline block-admin__seat">
          <span>{t('admin.block.fields.seatOnly')}</span>
          <Switch
            checked={draft.seatOnly}
            onChange={(seatOnly) => change({ seatOnly })}
            data-testid="admin-block-seatOnly"
          />
        </label>
      </div>
      {review.refusal && (
        <p className="block-admin__refusal" role="alert" data-testid="admin-block-refusal" data-key={review.refusal}>
          {t(refusalText[review.refusal])}
        </p>
      )}
      {review.invalid.length > 0 && (
        <p className="decision__hint block-admin__invalid" data-testid="admin-block-invalid">
          {t('admin.block.form.invalid')}
        </p>
      )}
      <label className="decision__label" htmlFor="admin-block-reason">
        {t('admin.decision.reason')}
      </label>
      <textarea
        id="admin-block-reason"
        className="admin-textarea"
        rows={2}
        maxLength={500}
        value={draft.reason}
        onChange={(e) => change({ reason: e.target.value })}
        placeholder={t('admin.block.form.reasonPlaceholder')}
        data-testid="admin-block-reason"
      />
      <p className="decision__hint" data-testid="admin-block-form-status">
        {t(
          review.missing.length > 0
            ? 'admin.block.form.missing'
            : reasonOk
              ? 'admin.block.form.audited'
              : 'admin.decision.reasonRequired',
        )}
      </p>
      {serverKey && (
        <p className="block-admin__refusal" role="alert" data-testid="admin-block-server-refusal" data-key={serverKey}>
          {t(isTermsRefusal(serverKey) ? refusalText[serverKey] : serverKey)}
        </p>
      )}
      <div className="decision__choices">
        <Button type="button" onClick={() => change(emptyProductDraft)} disabled={create.isPending}>
          {t('admin.block.form.clear')}
        </Button>
        <Button
          type="submit"
          color="primary"
          disabled={review.request === null}
          loading={create.isPending}
          data-testid="admin-block-submit"
        >
          {t('admin.block.form.submit')}
        </Button>
      </div>
    </form>
  );
}

/** The stock behind the code: its name, last price and the day's limits the price must stay inside. */
function StockLine({ code, quote, failed }: { code: string; quote: StockQuote | undefined; failed: unknown }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!CODE.test(code)) return null;
  if (failed !== null)
    return (
      <p className="decision__hint block-admin__invalid" data-testid="admin-block-stock-failed">
        {t(errorKeyOf(failed))} {t('admin.block.form.limitsByServer')}
      </p>
    );
  if (!quote)
    return (
      <p className="decision__hint" data-testid="admin-block-stock-loading">
        {t('admin.block.form.quoteLoading')}
      </p>
    );
  return (
    <p className="decision__hint num block-admin__stock" data-testid="admin-block-stock" data-status={quote.status}>
      <strong>{quote.names[locale]}</strong>
      {' · '}
      {t('admin.block.form.quoteLine', {
        last: moneyText(quote.last),
        down: moneyText(quote.limitDown),
        up: moneyText(quote.limitUp),
        table: t(quote.topix500 ? 'admin.block.form.tableTopix500' : 'admin.block.form.tableStandard'),
      })}
      {quote.status !== 'listed' && (
        <span className="block-admin__invalid"> · {t(`admin.block.form.status.${quote.status}`)}</span>
      )}
    </p>
  );
}
