import { Button, Result } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../shared/components/detail-list.tsx';
import type { DetailRow } from '../../../shared/components/detail-list.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { replace } from '../../../shared/navigation/navigation.ts';

interface ResultAction {
  label: string;
  onClick: () => void;
  testId: string;
}

interface MoneyResultProps {
  /** The screen's test id (`deposit-result-screen`, …). */
  testId: string;
  /** Test ids of the detail list and of its order number. */
  listTestId: string;
  orderNoTestId: string;
  status: 'waiting' | 'success';
  title: string;
  description: string;
  orderNo: string;
  /** What follows the order number. */
  rows: readonly DetailRow[];
  primary: ResultAction;
  secondary: ResultAction;
  /** "What happens next", for orders that wait for staff. */
  nextSteps?: readonly string[];
}

/** The screen after a money order is accepted: outcome, order number and details, two ways on (UX "Forms that move money"). */
export function MoneyResult({
  testId,
  listTestId,
  orderNoTestId,
  status,
  title,
  description,
  orderNo,
  rows,
  primary,
  secondary,
  nextSteps,
}: MoneyResultProps) {
  const { t } = useTranslation();
  return (
    <Page
      testId={testId}
      footer={
        <>
          <Button block size="large" color="primary" onClick={primary.onClick} data-testid={primary.testId}>
            {primary.label}
          </Button>
          <Button block size="large" onClick={secondary.onClick} data-testid={secondary.testId}>
            {secondary.label}
          </Button>
        </>
      }
    >
      <Result status={status} title={title} description={description} />
      <DetailList
        testId={listTestId}
        rows={[{ label: t('funds.orderNo'), value: orderNo, className: 'mono', testId: orderNoTestId }, ...rows]}
      />
      {nextSteps && (
        <section className="card next-steps">
          <h2 className="card__title">{t('funds.nextTitle')}</h2>
          <ol>
            {nextSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      )}
    </Page>
  );
}

/** The two ways on from an order that waits for staff: its record, or the member centre. */
export function waitingActions(
  t: TFunction,
  testIds: { records: string; done: string },
): Pick<MoneyResultProps, 'primary' | 'secondary'> {
  return {
    primary: { label: t('funds.viewRecords'), onClick: () => replace('/user/FundingDetails'), testId: testIds.records },
    secondary: { label: t('common.toMemberCentre'), onClick: () => replace('/user/usercenter'), testId: testIds.done },
  };
}
