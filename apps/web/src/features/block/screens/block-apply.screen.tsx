import { useEffect, useId, useState } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import { productPhase } from '@kabuto/domain/block/block-trade';
import { tryMoney } from '@kabuto/domain/money';
import { applyBlock, type BlockApplication, type BlockProductDetail } from '../api/block.api.ts';
import { useBlockProduct, useRefreshBlock } from '../api/block.queries.ts';
import {
  amountOf,
  applyRefusalKey,
  blockUnit,
  checkForm,
  maximumShares,
  minimumShares,
  productTerms,
  type ApplyRefusal,
} from '../components/application-form.ts';
import { ConditionTags, PhasePill } from '../components/block-tags.tsx';
import { useBlockFormat } from '../components/block-format.ts';
import { ConfirmSheet } from '../../../shared/components/confirm-sheet.tsx';
import { DetailList, type DetailRow } from '../../../shared/components/detail-list.tsx';
import { PasswordInput } from '../../../shared/components/form-input.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { ApiError } from '../../../shared/api/http-client.ts';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { useIdempotentSubmission } from '../../../shared/api/idempotency.ts';
import { preloadNotice, showSuccessFirst } from '../../../shared/api/notice.ts';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { sharesDigits, stepShares } from '../../../shared/forms/share-units.ts';
import { StepperField } from '../../../shared/forms/stepper-field.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { useLocale } from '../../../shared/format/jst.ts';
import { useNow } from '../../../shared/hooks/use-now.ts';
import { push, replace } from '../../../shared/navigation/navigation.ts';
import { useAddressParam } from '../../../shared/navigation/use-address-param.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { translateKey } from '../../../i18n/i18n.ts';
import '../../../shared/components/detail-list.css';
import '../block.css';

/** The longest channel password the contract accepts (`channelPasswordLimit`, block-trades.ts). */
const PASSWORD_MAX = 64;

/**
 * One product (/common/dividend2?id=): its terms, and while its window is open the application (SPEC §3 "block trade
 * application"): shares in 100-share units checked by the domain's `checkApplication` as the member types, the amount
 * held, the channel password when the product has one, confirmed in a sheet. Keyed by the id: another id starts afresh.
 */
export function BlockApplyScreen() {
  const id = (useAddressParam('id') ?? '').trim();
  const session = useSession();
  if (session.token === '')
    return (
      <Page testId="block-apply-screen">
        <SignInRequired />
      </Page>
    );
  return <ProductLoader key={id} id={id} />;
}

function ProductLoader({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = useBlockProduct(id);
  if (detail.data) return <ProductBody product={detail.data} onStale={() => void detail.refetch()} />;
  const missing =
    id === '' ||
    (detail.isError && detail.error instanceof ApiError && detail.error.messageKey === errorKeys.block.notFound);
  return (
    <Page testId="block-apply-screen">
      {missing ? (
        <div className="centered-block" data-testid="block-apply-missing">
          <StatusBlock kind="empty" title={t('block.apply.missingTitle')} description={t('block.apply.missingBody')} />
          <Button color="primary" onClick={() => replace('/common/dividend')}>
            {t('block.apply.toList')}
          </Button>
        </div>
      ) : detail.isError ? (
        <LoadFailure
          titleKey="block.loadFailedTitle"
          messageKey="block.loadFailedBody"
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
          testId="block-apply-failed"
        />
      ) : (
        <div className="block-loading" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={10} animated />
        </div>
      )}
    </Page>
  );
}

function ProductBody({ product: p, onStale }: { product: BlockProductDetail; onStale: () => void }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const f = useBlockFormat();
  const refresh = useRefreshBlock();
  const submission = useIdempotentSubmission();
  const passwordId = useId();
  const now = useNow(p.phase === 'open' || p.phase === 'upcoming', 1_000);

  // The window opened or closed while the screen was open: the server says what the product is now.
  const clientPhase = productPhase(productTerms(p), now);
  useEffect(() => {
    if (clientPhase !== p.phase && (p.phase === 'upcoming' || p.phase === 'open')) onStale();
  }, [clientPhase, p.phase]);

  const [shares, setShares] = useState(() => minimumShares(p.price, p.minAmount));
  const [password, setPassword] = useState('');
  const [reviewing, setReviewing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const check = checkForm(p, shares, now);
  const refusal = 'refused' in check ? check.refused : null;
  const amount = amountOf(p.price, shares);
  const availableAfter = amount === null ? null : (tryMoney(p.available)?.minus(amount) ?? null);
  const most = maximumShares(p);
  const passwordMissing = p.passwordRequired && password === '';

  const apply = useMutation({
    mutationFn: (typed: { shares: string; password: string }) =>
      applyBlock(
        { id: p.id, shares: typed.shares, ...(p.passwordRequired ? { password: typed.password } : {}) },
        // The key follows the application, not the password: a retry after a lost answer returns the first answer.
        submission.headersFor({ id: p.id, shares: typed.shares }),
      ),
    onSuccess: async (application: BlockApplication) => {
      submission.settle();
      setReviewing(false);
      setError(null);
      await showSuccessFirst(successKeys.blockApplied);
      void refresh();
      replace(`/common/dividend4?id=${encodeURIComponent(application.id)}`);
    },
    onError: (e) => {
      submission.settle(e);
      setReviewing(false);
      const key = errorKeyOf(e);
      setError(key);
      if (key === errorKeys.password.channelWrong || key === errorKeys.password.channelLocked) setPassword('');
      void refresh();
    },
  });
  const edit = (next: string) => {
    setShares(next);
    setError(null);
  };

  const name = `${p.names[lang]} ${p.code}`;
  const open = p.phase === 'open';
  const footer = open ? (
    <>
      <FormError error={error} testId="block-error" />
      {refusal !== null && <Refusal refusal={refusal} />}
      <Button
        block
        size="large"
        color="primary"
        disabled={refusal !== null || passwordMissing}
        onClick={() => {
          preloadNotice();
          setError(null);
          setReviewing(true);
        }}
        data-testid="block-apply-submit"
      >
        {t('block.apply.submit')}
      </Button>
    </>
  ) : error !== null ? (
    <FormError error={error} testId="block-error" />
  ) : undefined;

  return (
    <Page testId="block-apply-screen" footer={footer}>
      <div data-testid="block-apply" data-product-id={p.id} data-phase={p.phase}>
        <header className="block-head">
          <h1 className="block-head__name">
            {p.names[lang]} <span className="block-code num">{p.code}</span>
          </h1>
          <div className="block-card__tags">
            <PhasePill phase={p.phase} />
            <ConditionTags passwordRequired={p.passwordRequired} seatOnly={p.seatOnly} />
          </div>
          <p className="block-hint" data-testid="block-phase-note">
            {p.phase === 'upcoming'
              ? t('block.apply.note.upcoming', { opens: f.when(p.opensAt) })
              : open
                ? t('block.apply.note.open', { closes: f.when(p.closesAt) })
                : t('block.apply.note.closed', { closes: f.when(p.closesAt) })}
          </p>
        </header>

        {open && (
          <section className="block-section" aria-labelledby="block-apply-title" data-testid="block-apply-form">
            <h2 className="block-section__title" id="block-apply-title">
              {t('block.apply.title')}
            </h2>
            <p className="block-hint" data-testid="block-apply-rule">
              {t('block.apply.rule', {
                min: moneyText(p.minAmount),
                minShares: f.shares(minimumShares(p.price, p.minAmount)),
                max: f.shares(p.maxShares),
              })}
            </p>
            {p.sharesHeld !== '0' && (
              <p className="block-hint" data-testid="block-apply-held">
                {t('block.apply.held', { shares: f.shares(p.sharesHeld) })}
              </p>
            )}
            <div className="block-field">
              <span className="block-field__label">{t('block.fields.shares')}</span>
              <StepperField
                label={t('block.fields.shares')}
                value={shares}
                decimals={0}
                inputMode="numeric"
                onChange={(typed) => edit(sharesDigits(typed))}
                onStep={(direction) => edit(stepShares(shares, direction, blockUnit))}
                unit={t('block.sharesUnit')}
                invalid={refusal === 'sharesRequired' || refusal === 'belowMinimum' || refusal === 'aboveMaximum'}
                testId="block-shares"
              />
              <div className="block-chips">
                <button
                  type="button"
                  className="block-chip"
                  onClick={() => edit(minimumShares(p.price, p.minAmount))}
                  data-testid="block-shares-min"
                >
                  {t('block.apply.chipMin')}
                </button>
                <button
                  type="button"
                  className="block-chip"
                  disabled={most === null}
                  onClick={() => most !== null && edit(most)}
                  data-testid="block-shares-max"
                >
                  {t('block.apply.chipMax')}
                </button>
              </div>
              <p className="block-hint">{t('block.apply.unitHint')}</p>
            </div>
            <DetailList
              compact
              rows={[
                { label: t('block.fields.price'), value: moneyText(p.price), className: 'num' },
                {
                  label: t('block.fields.applicationAmount'),
                  value: amount === null ? '—' : moneyText(amount.toFixed()),
                  className: 'num',
                  testId: 'block-amount',
                  rowClassName: 'detail-list__strong',
                },
                {
                  label: t('block.fields.available'),
                  value: moneyText(p.available),
                  className: 'num',
                  testId: 'block-available',
                },
                {
                  label: t('block.apply.availableAfter'),
                  value: availableAfter === null ? '—' : moneyText(availableAfter.toFixed()),
                  className: 'num',
                  testId: 'block-available-after',
                },
              ]}
            />
            {p.passwordRequired && (
              <div className="block-field" data-testid="block-password-field">
                <label className="block-field__label" htmlFor={passwordId}>
                  {t('block.fields.password')}
                </label>
                <PasswordInput
                  id={passwordId}
                  testId="block-password"
                  maxLength={PASSWORD_MAX}
                  autoComplete="off"
                  placeholder={t('block.apply.passwordPlaceholder')}
                  value={password}
                  onChange={(value) => {
                    setPassword(value);
                    setError(null);
                  }}
                />
                <p className="block-hint">{t('block.apply.passwordHint')}</p>
              </div>
            )}
          </section>
        )}

        <Terms product={p} />
        {!open && (
          <Button
            block
            fill="none"
            color="primary"
            onClick={() => push('/common/dividend3')}
            data-testid="block-apply-applications"
          >
            {t('block.list.toApplications')}
          </Button>
        )}
      </div>

      {reviewing && amount !== null && (
        <ConfirmSheet
          open
          title={t('block.apply.sheetTitle')}
          headline={moneyText(amount.toFixed())}
          headlineLabel={t('block.fields.applicationAmount')}
          rows={[
            { label: t('block.fields.stock'), value: name },
            { label: t('block.fields.price'), value: moneyText(p.price), className: 'num' },
            { label: t('block.fields.shares'), value: f.shares(shares), className: 'num' },
            { label: t('block.fields.lockUp'), value: f.lockUp(p.lockUpUntil), className: 'num' },
            {
              label: t('block.apply.availableAfter'),
              value: availableAfter === null ? '—' : moneyText(availableAfter.toFixed()),
              className: 'num',
            },
          ]}
          note={t('block.apply.sheetNote')}
          confirmLabel={t('block.apply.confirm')}
          busy={apply.isPending}
          onConfirm={() => !apply.isPending && apply.mutate({ shares, password })}
          onClose={() => setReviewing(false)}
          testId="block-sheet"
        />
      )}
    </Page>
  );
}

/** Why the application cannot go ahead, before it is sent, with the way forward where there is one. */
function Refusal({ refusal }: { refusal: ApplyRefusal }) {
  const { t } = useTranslation();
  const action =
    refusal === 'realNameRequired'
      ? { label: t('block.apply.verify'), path: '/user/bandCard' }
      : refusal === 'insufficientBalance'
        ? { label: t('block.apply.deposit'), path: '/user/recharge' }
        : refusal === 'seatOnly'
          ? { label: t('block.apply.seat'), path: '/user/usercenter' }
          : null;
  return (
    <div className="block-refusal" data-testid="block-refusal" data-refusal={refusal}>
      <p role="alert">{translateKey(applyRefusalKey[refusal])}</p>
      {action && (
        <Button size="small" color="primary" fill="outline" onClick={() => push(action.path)}>
          {action.label}
        </Button>
      )}
    </div>
  );
}

/** SPEC §3 "block trade application" terms: everything the product asks and gives before the member applies. */
function Terms({ product: p }: { product: BlockProductDetail }) {
  const { t } = useTranslation();
  const f = useBlockFormat();
  const rows: DetailRow[] = [
    { label: t('block.fields.code'), value: p.code, className: 'num' },
    { label: t('block.fields.price'), value: moneyText(p.price), className: 'num', testId: 'block-terms-price' },
    { label: t('block.fields.minAmount'), value: moneyText(p.minAmount), className: 'num' },
    { label: t('block.fields.maxShares'), value: f.shares(p.maxShares), className: 'num' },
    { label: t('block.fields.opensAt'), value: f.when(p.opensAt), className: 'num' },
    { label: t('block.fields.closesAt'), value: f.when(p.closesAt), className: 'num' },
    {
      label: t('block.fields.lockUp'),
      value: f.lockUp(p.lockUpUntil),
      className: 'num',
      testId: 'block-terms-lock-up',
    },
    {
      label: t('block.fields.password'),
      value: t(p.passwordRequired ? 'block.terms.passwordRequired' : 'block.terms.passwordNone'),
    },
    {
      label: t('block.fields.seatOnly'),
      value: t(p.seatOnly ? 'block.terms.seatOnly' : 'block.terms.everyone'),
    },
  ];
  return (
    <section className="block-section" aria-labelledby="block-terms-title" data-testid="block-terms">
      <h2 className="block-section__title" id="block-terms-title">
        {t('block.apply.terms')}
      </h2>
      <DetailList compact rows={rows} />
      <p className="block-hint">{t('block.terms.review')}</p>
    </section>
  );
}
