import type { Lang } from '@kabuto/contracts/fields';
import type { StatementCategory, StatementTransfer } from '@kabuto/domain/statements/statement';
import type { MemberBook } from '@kabuto/domain/ledger/journal';

/**
 * Issue 27: the words of a statement file (CSV and PDF), written by the server in the member's language. The web's
 * catalogue is not the server's to read, so the document's words live here; the type makes the three languages carry
 * the same keys (a missing one does not compile). Words follow shared/GLOSSARY.md and the member centre's.
 */
export interface StatementTexts {
  title: { month: string; year: string };
  firm: string;
  account: string;
  period: string;
  periodNote: string;
  asOf: string;
  running: string;
  generated: string;
  currency: string;
  opening: string;
  closing: string;
  change: string;
  books: Record<MemberBook | 'assets' | 'net', string>;
  categories: Record<StatementCategory, string>;
  transfers: Record<StatementTransfer, string>;
  sections: { balances: string; totals: string; transfers: string; trades: string; movements: string };
  trade: {
    date: string;
    orderNo: string;
    symbol: string;
    side: string;
    action: string;
    quantity: string;
    price: string;
    fee: string;
    stampDuty: string;
    realisedPnl: string;
    long: string;
    short: string;
    open: string;
    close: string;
  };
  movement: { date: string; category: string; reference: string; amount: string };
  none: string;
  notes: string[];
  csv: { section: string; item: string; amount: string };
}

const en: StatementTexts = {
  title: { month: 'Monthly statement', year: 'Annual trading report' },
  firm: 'Kabuto',
  account: 'Account',
  period: 'Period',
  periodNote: 'Japan Standard Time (JST)',
  asOf: 'Balances as of',
  running: 'The period has not ended: figures up to the time this document was made.',
  generated: 'Made on',
  currency: 'Currency',
  opening: 'Opening balance',
  closing: 'Closing balance',
  change: 'Change in the period',
  books: {
    available: 'Available',
    frozen: 'Frozen',
    margin: 'Margin',
    copy: 'Copy trading',
    loan: 'Loan (owed)',
    assets: 'Assets',
    net: 'Net of loans',
  },
  categories: {
    deposits: 'Deposits',
    withdrawals: 'Withdrawals',
    exchangesIn: 'Exchange (received)',
    exchangesOut: 'Exchange (paid)',
    realisedPnl: 'Realised P&L',
    fees: 'Fees',
    stampDuty: 'Stamp duty',
    financing: 'Financing and stock-lending fees',
    loanInterest: 'Loan interest',
    referral: 'Referral reward',
    other: 'Other',
  },
  transfers: { loansDisbursed: 'Loans paid out', loansRepaid: 'Loan repayments' },
  sections: {
    balances: 'Balances',
    totals: 'Totals by item',
    transfers: 'Loans (moves between your own balances)',
    trades: 'Trades',
    movements: 'Money movements',
  },
  trade: {
    date: 'Date (JST)',
    orderNo: 'Order no.',
    symbol: 'Code',
    side: 'Side',
    action: 'Open / close',
    quantity: 'Shares',
    price: 'Price',
    fee: 'Fee',
    stampDuty: 'Stamp duty',
    realisedPnl: 'Realised P&L',
    long: 'Long',
    short: 'Short',
    open: 'Open',
    close: 'Close',
  },
  movement: { date: 'Date (JST)', category: 'Item', reference: 'Reference', amount: 'Amount' },
  none: 'None in this period.',
  notes: [
    'Built from your account ledger: every figure is the exact sum of its entries, shown with two decimals.',
    'Signed as it moved your money: deposits and gains are positive, withdrawals, fees and losses negative.',
    'Balances are cash; the value of open positions (unrealised P&L) is not included.',
  ],
  csv: { section: 'Section', item: 'Item', amount: 'Amount' },
};

const jp: StatementTexts = {
  title: { month: '月間取引報告書', year: '年間取引報告書' },
  firm: 'Kabuto',
  account: '口座番号',
  period: '対象期間',
  periodNote: '日本時間（JST）',
  asOf: '残高基準日時',
  running: '対象期間は終了していません。作成時点までの数値です。',
  generated: '作成日時',
  currency: '通貨',
  opening: '期首残高',
  closing: '期末残高',
  change: '期中増減',
  books: {
    available: '利用可能',
    frozen: '拘束中',
    margin: '証拠金',
    copy: 'コピートレード',
    loan: '借入（返済額）',
    assets: '資産',
    net: '借入控除後',
  },
  categories: {
    deposits: '入金',
    withdrawals: '出金',
    exchangesIn: '両替（受取）',
    exchangesOut: '両替（支払）',
    realisedPnl: '確定損益（実現損益）',
    fees: '手数料',
    stampDuty: '印紙税',
    financing: '買方金利・貸株料',
    loanInterest: '融資利息',
    referral: '紹介報酬',
    other: 'その他',
  },
  transfers: { loansDisbursed: '融資実行額', loansRepaid: '返済額' },
  sections: {
    balances: '残高',
    totals: '項目別合計',
    transfers: '融資（お客様の残高間の移動）',
    trades: '約定明細',
    movements: '入出金等明細',
  },
  trade: {
    date: '約定日時（JST）',
    orderNo: '注文番号',
    symbol: '銘柄コード',
    side: '売買区分',
    action: '新規・返済',
    quantity: '数量（株）',
    price: '約定単価',
    fee: '手数料',
    stampDuty: '印紙税',
    realisedPnl: '確定損益',
    long: '買建',
    short: '売建',
    open: '新規建',
    close: '返済',
  },
  movement: { date: '日時（JST）', category: '項目', reference: '受付番号', amount: '金額' },
  none: 'この期間の取引はありません。',
  notes: [
    'お客様の口座の元帳から作成しています。各数値は記帳額の合計で、小数点以下2桁で表示しています。',
    '符号はお客様の資金の増減を表します（入金・利益はプラス、出金・手数料・損失はマイナス）。',
    '残高は現金残高です。建玉の評価損益は含みません。',
  ],
  csv: { section: '区分', item: '項目', amount: '金額' },
};

const tw: StatementTexts = {
  title: { month: '月對帳單', year: '年度交易報告' },
  firm: 'Kabuto',
  account: '帳號',
  period: '期間',
  periodNote: '日本時間（JST）',
  asOf: '餘額基準時間',
  running: '本期間尚未結束，數字截至本文件製作時。',
  generated: '製作時間',
  currency: '幣別',
  opening: '期初餘額',
  closing: '期末餘額',
  change: '本期增減',
  books: {
    available: '可用',
    frozen: '凍結',
    margin: '保證金',
    copy: '跟單',
    loan: '借款（應還）',
    assets: '資產',
    net: '扣除借款後',
  },
  categories: {
    deposits: '入金',
    withdrawals: '出金',
    exchangesIn: '兌換（收入）',
    exchangesOut: '兌換（支出）',
    realisedPnl: '已實現損益',
    fees: '手續費',
    stampDuty: '印花稅',
    financing: '融資利息・借券費',
    loanInterest: '借款利息',
    referral: '推薦獎勵',
    other: '其他',
  },
  transfers: { loansDisbursed: '借款撥款', loansRepaid: '還款' },
  sections: {
    balances: '餘額',
    totals: '項目合計',
    transfers: '借款（您的餘額之間的移動）',
    trades: '成交明細',
    movements: '資金明細',
  },
  trade: {
    date: '成交時間（JST）',
    orderNo: '委託單號',
    symbol: '代號',
    side: '方向',
    action: '開倉／平倉',
    quantity: '數量（股）',
    price: '成交價',
    fee: '手續費',
    stampDuty: '印花稅',
    realisedPnl: '已實現損益',
    long: '做多',
    short: '做空',
    open: '開倉',
    close: '平倉',
  },
  movement: { date: '時間（JST）', category: '項目', reference: '單號', amount: '金額' },
  none: '本期間沒有交易。',
  notes: [
    '依據您帳戶的分類帳製作：每個數字皆為其記帳金額的合計，以小數點後兩位顯示。',
    '正負號表示您資金的增減：入金與獲利為正，出金、手續費與虧損為負。',
    '餘額為現金餘額，不含持倉的未實現損益。',
  ],
  csv: { section: '區分', item: '項目', amount: '金額' },
};

export const statementTexts: Readonly<Record<Lang, StatementTexts>> = { en, jp, tw };
