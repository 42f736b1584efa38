import { useState } from 'react';
import { Button, Selector, Skeleton } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { annuitySchedule } from '@kabuto/domain/loans/annuity-schedule';
import { readDecimalInput } from '@kabuto/domain/input/decimal-input';
import { money } from '@kabuto/domain/money';
import { applyLoan, repayLoan, type LoanSummary, type LoanWire, type RepaymentPlan } from '../api/loans.api.ts';
import { useLoanSummary, useRefreshLoans } from '../api/loans.queries.ts';
import {
  checkForm,
  checkRepayment,
  loanApplyRefusalKey,
  loanRepayRefusalKey,
  owedOf,
  percentText,
  quote,
  termDaysOf,
  type Instalment,
} from '../components/loan-quote.ts';
import { ConfirmSheet } from '../../../shared/components/confirm-sheet.tsx';
import { DetailList, type DetailRow } from '../../../shared/components/detail-list.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { useIdempotentSubmission } from '../../../shared/api/idempotency.ts';
import { preloadNotice, showSuccessFirst } from '../../../shared/api/notice.ts';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { StepperField } from '../../../shared/forms/stepper-field.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { translateKey } from '../../../i18n/i18n.ts';
import '../../../shared/components/detail-list.css';
import '../loans.css';

/** What a typed amount reads as: full-width digits folded, commas in their places; anything else kept for the check. */
const digitsOf = (typed: string): string => {
  const read = readDecimalInput(typed, { maxDecimals: 0 });
  return 'ok' in read ? read.ok : typed.trim();
};
const stepYen = (value: string, direction: 'up' | 'down', step: number): string => {
  const n = /^\d+$/.test(value) ? Number(value) : 0;
  const next = direction === 'up' ? Math.floor(n / step) * step + step : Math.ceil(n / step) * step - step;
  return String(Math.max(next, 0));
};

/**
 * Credit loan (/user/jk; SPEC §2 "credit loan: loan, repayment"): the credit score and the limit it gives by the
 * published rule, borrowable and borrowed; the open loan with its repayment form, or the application form whose cost
 * (daily rate, APR, total interest, the instalment schedule) is shown before the member confirms.
 */
export function LoanScreen() {
  const session = useSession();
  return (
    <Page testId="loan-screen" right={<RecordsLink />}>
      {session.token === '' ? <SignInRequired /> : <LoanLoader />}
    </Page>
  );
}

function RecordsLink() {
  const { t } = useTranslation();
  return (
    <button type="button" className="loan-link" onClick={() => push('/user/jkjl')} data-testid="loan-to-records">
      {t('loan.records')}
    </button>
  );
}

function LoanLoader() {
  const summary = useLoanSummary();
  if (summary.data) return <LoanBody s={summary.data} />;
  if (summary.isError)
    return (
      <LoadFailure
        titleKey="loan.loadFailedTitle"
        messageKey="loan.loadFailedBody"
        onRetry={() => void summary.refetch()}
        retrying={summary.isFetching}
        testId="loan-failed"
      />
    );
  return (
    <div className="loan-loading" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={8} animated />
    </div>
  );
}

function LoanBody({ s }: { s: LoanSummary }) {
  return (
    <div data-testid="loan" data-borrowable={s.borrowable}>
      <CreditCard s={s} />
      {s.open === null ? (
        <ApplyForm s={s} />
      ) : s.open.status === 'pending' ? (
        <PendingLoan loan={s.open} />
      ) : (
        <OpenLoan loan={s.open} />
      )}
    </div>
  );
}

/** SPEC §3 Loan: credit score, credit limit (with its published rule), borrowable limit, borrowed amount. */
function CreditCard({ s }: { s: LoanSummary }) {
  const { t } = useTranslation();
  return (
    <section className="loan-card loan-credit" aria-labelledby="loan-credit-title" data-testid="loan-credit">
      <h2 className="loan-card__title" id="loan-credit-title">
        {t('loan.credit.title')}
      </h2>
      <div className="loan-credit__figures">
        <div>
          <span className="loan-credit__label">{t('loan.fields.score')}</span>
          <strong className="loan-credit__score num" data-testid="loan-score">
            {s.score}
          </strong>
        </div>
        <div>
          <span className="loan-credit__label">{t('loan.fields.borrowable')}</span>
          <strong className="loan-credit__big num" data-testid="loan-borrowable">
            {moneyText(s.borrowable)}
          </strong>
        </div>
      </div>
      <DetailList
        compact
        rows={[
          {
            label: t('loan.fields.creditLimit'),
            value: moneyText(s.creditLimit),
            className: 'num',
            testId: 'loan-limit',
          },
          { label: t('loan.fields.borrowed'), value: moneyText(s.borrowed), className: 'num', testId: 'loan-borrowed' },
          ...(s.pending !== '0'
            ? [{ label: t('loan.fields.pending'), value: moneyText(s.pending), className: 'num' }]
            : []),
        ]}
      />
      <p className="loan-hint" data-testid="loan-rule">
        {t('loan.credit.rule', {
          floor: s.terms.scoreFloor,
          perPoint: moneyText(s.terms.yenPerPoint),
          score: s.score,
          limit: moneyText(s.creditLimit),
        })}
      </p>
      <p className="loan-hint">{t('loan.credit.borrowableRule')}</p>
    </section>
  );
}

/** The open application waiting for staff. */
function PendingLoan({ loan }: { loan: LoanWire }) {
  const { t } = useTranslation();
  const lang = useLocale();
  return (
    <section className="loan-card" data-testid="loan-pending" data-status="pending">
      <h2 className="loan-card__title">{t('loan.pending.title')}</h2>
      <DetailList
        compact
        rows={[
          { label: t('loan.fields.orderNo'), value: loan.orderNo, className: 'num' },
          { label: t('loan.fields.amount'), value: moneyText(loan.amount), className: 'num' },
          { label: t('loan.fields.term'), value: t('loan.daysText', { days: loan.termDays }), className: 'num' },
          { label: t('loan.fields.plan'), value: t(`loan.plan.${loan.plan}`) },
          {
            label: t('loan.fields.appliedAt'),
            value: t('loan.jst', { time: jstText(loan.createdAt, 'Y-M-D h:m', lang) }),
          },
        ]}
      />
      <p className="loan-hint">{t('loan.pending.body')}</p>
    </section>
  );
}

/** SPEC §9: the cost of a loan, stated before the member confirms: daily rate, APR, interest and the total. */
function costRows(
  t: (k: string, o?: Record<string, unknown>) => string,
  dailyRate: string,
  apr: string,
  q: NonNullable<ReturnType<typeof quote>>,
): DetailRow[] {
  return [
    {
      label: t('loan.fields.dailyRate'),
      value: `${percentText(dailyRate, 3)}%`,
      className: 'num',
      testId: 'loan-daily-rate',
    },
    { label: t('loan.fields.apr'), value: `${percentText(apr, 2)}%`, className: 'num', testId: 'loan-apr' },
    {
      label: t('loan.fields.totalInterest'),
      value: moneyText(q.totalInterest.toFixed()),
      className: 'num',
      testId: 'loan-total-interest',
    },
    {
      label: t('loan.fields.totalRepaid'),
      value: moneyText(q.totalRepaid.toFixed()),
      className: 'num',
      testId: 'loan-total-repaid',
      rowClassName: 'detail-list__strong',
    },
  ];
}

function ApplyForm({ s }: { s: LoanSummary }) {
  const { t } = useTranslation();
  const refresh = useRefreshLoans();
  const submission = useIdempotentSubmission();
  const terms = s.terms;
  const [amount, setAmount] = useState('');
  const [term, setTerm] = useState(String(Math.min(Math.max(30, terms.minTermDays), terms.maxTermDays)));
  const [plan, setPlan] = useState<RepaymentPlan>('anytime');
  const [reviewing, setReviewing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const termDays = termDaysOf(term);
  // Nothing typed yet is not a refusal to show.
  const refusal = amount === '' ? null : checkForm(s, amount, termDays);
  const q = quote(amount, termDays, plan, terms.dailyRate);
  const borrowable = money(s.borrowable);
  const chips: { key: string; label: string; value: string }[] = [
    { key: '25', label: '25%', value: borrowable.times(0.25).floor().toFixed() },
    { key: '50', label: '50%', value: borrowable.times(0.5).floor().toFixed() },
    { key: 'max', label: t('loan.apply.max'), value: borrowable.toFixed() },
  ];
  const termChips = [30, 90, 180, 365].filter((d) => d >= terms.minTermDays && d <= terms.maxTermDays);

  const apply = useMutation({
    mutationFn: (body: { amount: string; termDays: number; plan: RepaymentPlan }) =>
      applyLoan(body, submission.headersFor(body)),
    onSuccess: async () => {
      submission.settle();
      setReviewing(false);
      setError(null);
      await showSuccessFirst(successKeys.loanApplied);
      void refresh();
    },
    onError: (e) => {
      submission.settle(e);
      setReviewing(false);
      setError(errorKeyOf(e));
      void refresh();
    },
  });
  const edit = (f: () => void) => {
    f();
    setError(null);
  };

  if (!terms.open)
    return (
      <section className="loan-card" data-testid="loan-closed">
        <h2 className="loan-card__title">{t('loan.apply.title')}</h2>
        <p className="loan-refusal" role="alert">
          {translateKey(loanApplyRefusalKey.closed)}
        </p>
      </section>
    );

  return (
    <section className="loan-card" aria-labelledby="loan-apply-title" data-testid="loan-apply">
      <h2 className="loan-card__title" id="loan-apply-title">
        {t('loan.apply.title')}
      </h2>
      <p className="loan-hint" data-testid="loan-terms">
        {t('loan.apply.terms', {
          daily: percentText(terms.dailyRate, 3),
          apr: percentText(terms.apr, 2),
          min: terms.minTermDays,
          max: terms.maxTermDays,
        })}
      </p>
      <div className="loan-field">
        <span className="loan-field__label">{t('loan.fields.amount')}</span>
        <StepperField
          label={t('loan.fields.amount')}
          value={amount}
          decimals={0}
          inputMode="numeric"
          onChange={(typed) => edit(() => setAmount(digitsOf(typed)))}
          onStep={(d) => edit(() => setAmount(stepYen(amount, d, 10_000)))}
          unit={t('loan.yen')}
          invalid={refusal === 'amountInvalid' || refusal === 'quotaInsufficient'}
          testId="loan-amount"
        />
        <div className="loan-chips">
          {chips.map((c) => (
            <button
              key={c.key}
              type="button"
              className="loan-chip"
              disabled={c.value === '0'}
              onClick={() => edit(() => setAmount(c.value))}
              data-testid={`loan-amount-${c.key}`}
            >
              {c.label}
            </button>
          ))}
        </div>
      </div>
      <div className="loan-field">
        <span className="loan-field__label">{t('loan.fields.term')}</span>
        <StepperField
          label={t('loan.fields.term')}
          value={term}
          decimals={0}
          inputMode="numeric"
          onChange={(typed) => edit(() => setTerm(digitsOf(typed)))}
          onStep={(d) => edit(() => setTerm(stepYen(term, d, 1)))}
          unit={t('loan.days')}
          invalid={refusal === 'termInvalid'}
          testId="loan-term"
        />
        <div className="loan-chips">
          {termChips.map((d) => (
            <button
              key={d}
              type="button"
              className="loan-chip"
              onClick={() => edit(() => setTerm(String(d)))}
              data-testid={`loan-term-${d}`}
            >
              {t('loan.daysText', { days: d })}
            </button>
          ))}
        </div>
      </div>
      <div className="loan-field">
        <span className="loan-field__label">{t('loan.fields.plan')}</span>
        <Selector
          columns={2}
          value={[plan]}
          onChange={(v) => v[0] && edit(() => setPlan(v[0] as RepaymentPlan))}
          options={[
            { label: t('loan.plan.anytime'), value: 'anytime' },
            { label: t('loan.plan.instalments'), value: 'instalments' },
          ]}
          data-testid="loan-plan"
        />
        <p className="loan-hint">{t(`loan.planHint.${plan}`)}</p>
      </div>
      {q && <DetailList compact rows={costRows(t, terms.dailyRate, terms.apr, q)} testId="loan-quote" />}
      {q?.schedule && <Schedule schedule={q.schedule} />}
      <p className="loan-hint">{t('loan.apply.rounding')}</p>
      <FormError error={error} testId="loan-error" />
      {refusal !== null && (
        <p className="loan-refusal" role="alert" data-testid="loan-refusal" data-refusal={refusal}>
          {translateKey(loanApplyRefusalKey[refusal])}
        </p>
      )}
      <Button
        block
        size="large"
        color="primary"
        disabled={amount === '' || refusal !== null || q === null}
        onClick={() => {
          preloadNotice();
          setError(null);
          setReviewing(true);
        }}
        data-testid="loan-apply-submit"
      >
        {t('loan.apply.submit')}
      </Button>
      {reviewing && q && (
        <ConfirmSheet
          open
          title={t('loan.apply.sheetTitle')}
          headline={moneyText(q.amount.toFixed())}
          headlineLabel={t('loan.fields.amount')}
          rows={[
            { label: t('loan.fields.term'), value: t('loan.daysText', { days: termDays }), className: 'num' },
            { label: t('loan.fields.plan'), value: t(`loan.plan.${plan}`) },
            ...costRows(t, terms.dailyRate, terms.apr, q),
            ...(q.schedule ?? []).map((x) => ({
              label: t('loan.schedule.row', { n: x.n, day: x.dueDay }),
              value: moneyText(x.payment.toFixed()),
              className: 'num',
            })),
          ]}
          note={t('loan.apply.sheetNote')}
          confirmLabel={t('loan.apply.confirm')}
          busy={apply.isPending}
          onConfirm={() => !apply.isPending && apply.mutate({ amount, termDays, plan })}
          onClose={() => setReviewing(false)}
          testId="loan-sheet"
        />
      )}
    </section>
  );
}

/** Equal monthly instalments: each one's payment, interest, principal and what is left, the last absorbing rounding. */
function Schedule({ schedule }: { schedule: readonly Instalment[] }) {
  const { t } = useTranslation();
  return (
    <div className="loan-schedule" data-testid="loan-schedule">
      <h3 className="loan-schedule__title">{t('loan.schedule.title')}</h3>
      <table className="loan-table num">
        <thead>
          <tr>
            <th scope="col">{t('loan.schedule.due')}</th>
            <th scope="col">{t('loan.schedule.payment')}</th>
            <th scope="col">{t('loan.schedule.interest')}</th>
            <th scope="col">{t('loan.schedule.balance')}</th>
          </tr>
        </thead>
        <tbody>
          {schedule.map((x) => (
            <tr key={x.n} data-testid="loan-schedule-row">
              <td>{t('loan.schedule.dueDay', { n: x.n, day: x.dueDay })}</td>
              <td>{moneyText(x.payment.toFixed())}</td>
              <td>{moneyText(x.interest.toFixed())}</td>
              <td>{moneyText(x.balance.toFixed())}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="loan-hint">{t('loan.schedule.rule')}</p>
    </div>
  );
}

/** A loan owed: what is left (principal, interest charged so far) and the repayment form (SPEC §2 "repayment"). */
function OpenLoan({ loan }: { loan: LoanWire }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const refresh = useRefreshLoans();
  const submission = useIdempotentSubmission();
  const owed = owedOf(loan);
  const [amount, setAmount] = useState('');
  const [reviewing, setReviewing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refusal = amount === '' ? null : checkRepayment(loan, amount);
  const instalment =
    loan.plan === 'instalments' ? annuitySchedule(loan.amount, loan.dailyRate, loan.termDays)[0]?.payment : undefined;
  const chips = [
    ...(instalment && instalment.lt(owed)
      ? [{ key: 'instalment', label: t('loan.repay.instalment'), value: instalment.toFixed() }]
      : []),
    ...(money(loan.interest).gt(0)
      ? [{ key: 'interest', label: t('loan.repay.interestOnly'), value: money(loan.interest).toFixed() }]
      : []),
    { key: 'all', label: t('loan.repay.all'), value: owed.toFixed() },
  ];
  const repay = useMutation({
    mutationFn: (body: { id: string; amount: string }) => repayLoan(body, submission.headersFor(body)),
    onSuccess: async () => {
      submission.settle();
      setReviewing(false);
      setError(null);
      setAmount('');
      await showSuccessFirst(successKeys.repaid);
      void refresh();
    },
    onError: (e) => {
      submission.settle(e);
      setReviewing(false);
      setError(errorKeyOf(e));
      void refresh();
    },
  });
  const time = (iso: string | null) => (iso ? t('loan.jst', { time: jstText(iso, 'Y-M-D h:m', lang) }) : '—');
  return (
    <section className="loan-card" aria-labelledby="loan-open-title" data-testid="loan-open" data-status={loan.status}>
      <h2 className="loan-card__title" id="loan-open-title">
        {t('loan.open.title')}
      </h2>
      <div className="loan-owed">
        <span className="loan-credit__label">{t('loan.fields.owed')}</span>
        <strong className="loan-credit__big num" data-testid="loan-owed">
          {moneyText(owed.toFixed())}
        </strong>
      </div>
      <DetailList
        compact
        rows={[
          { label: t('loan.fields.orderNo'), value: loan.orderNo, className: 'num' },
          { label: t('loan.fields.amount'), value: moneyText(loan.amount), className: 'num' },
          {
            label: t('loan.fields.principal'),
            value: moneyText(loan.principal),
            className: 'num',
            testId: 'loan-principal',
          },
          {
            label: t('loan.fields.interestOwed'),
            value: moneyText(loan.interest),
            className: 'num',
            testId: 'loan-interest',
          },
          { label: t('loan.fields.interestCharged'), value: moneyText(loan.interestCharged), className: 'num' },
          {
            label: t('loan.fields.interestThrough'),
            value: loan.interestThrough ?? '—',
            className: 'num',
          },
          { label: t('loan.fields.dailyRate'), value: `${percentText(loan.dailyRate, 3)}%`, className: 'num' },
          { label: t('loan.fields.apr'), value: `${percentText(loan.apr, 2)}%`, className: 'num' },
          { label: t('loan.fields.plan'), value: t(`loan.plan.${loan.plan}`) },
          { label: t('loan.fields.borrowedAt'), value: time(loan.disbursedAt), className: 'num' },
          { label: t('loan.fields.dueDate'), value: loan.dueDate ?? '—', className: 'num' },
        ]}
      />
      {loan.plan === 'instalments' && (
        <Schedule schedule={annuitySchedule(loan.amount, loan.dailyRate, loan.termDays)} />
      )}
      <div className="loan-field" data-testid="loan-repay">
        <span className="loan-field__label">{t('loan.repay.title')}</span>
        <StepperField
          label={t('loan.repay.amount')}
          value={amount}
          decimals={0}
          inputMode="numeric"
          onChange={(typed) => {
            setAmount(digitsOf(typed));
            setError(null);
          }}
          onStep={(d) => setAmount(stepYen(amount, d, 1000))}
          unit={t('loan.yen')}
          invalid={refusal !== null}
          testId="loan-repay-amount"
        />
        <div className="loan-chips">
          {chips.map((c) => (
            <button
              key={c.key}
              type="button"
              className="loan-chip"
              onClick={() => {
                setAmount(c.value);
                setError(null);
              }}
              data-testid={`loan-repay-${c.key}`}
            >
              {c.label}
            </button>
          ))}
        </div>
        <p className="loan-hint">{t('loan.repay.rule')}</p>
      </div>
      <FormError error={error} testId="loan-repay-error" />
      {refusal !== null && (
        <p className="loan-refusal" role="alert" data-testid="loan-repay-refusal" data-refusal={refusal}>
          {translateKey(loanRepayRefusalKey[refusal])}
        </p>
      )}
      <Button
        block
        size="large"
        color="primary"
        disabled={amount === '' || refusal !== null}
        onClick={() => {
          preloadNotice();
          setError(null);
          setReviewing(true);
        }}
        data-testid="loan-repay-submit"
      >
        {t('loan.repay.submit')}
      </Button>
      {reviewing && (
        <ConfirmSheet
          open
          title={t('loan.repay.sheetTitle')}
          headline={moneyText(amount)}
          headlineLabel={t('loan.repay.amount')}
          rows={[
            { label: t('loan.fields.orderNo'), value: loan.orderNo, className: 'num' },
            { label: t('loan.fields.owed'), value: moneyText(owed.toFixed()), className: 'num' },
            {
              label: t('loan.repay.left'),
              value: moneyText(owed.minus(money(amount)).toFixed()),
              className: 'num',
            },
          ]}
          note={t('loan.repay.sheetNote')}
          confirmLabel={t('loan.repay.confirm')}
          busy={repay.isPending}
          onConfirm={() => !repay.isPending && repay.mutate({ id: loan.id, amount })}
          onClose={() => setReviewing(false)}
          testId="loan-repay-sheet"
        />
      )}
    </section>
  );
}
