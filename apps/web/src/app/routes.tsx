import type { ComponentType } from 'react';
import { lazyScreen } from './lazy-screen.tsx';
import type { LazyScreen } from './lazy-screen.tsx';
import { loadCatalogueParts } from '../i18n/i18n.ts';
import type { CataloguePart } from '../i18n/i18n.ts';
import type { RouteMeta } from '../shared/navigation/route-meta.ts';

export interface AppRoute {
  /** The address exactly as SPEC §2 names it. */
  path: string;
  Screen: LazyScreen;
  meta: RouteMeta;
}

/** A screen that reads a catalogue part: both download together, and the screen draws once both are here. */
function withParts(parts: readonly CataloguePart[], load: () => Promise<ComponentType>): () => Promise<ComponentType> {
  return () => Promise.all([load(), loadCatalogueParts(parts)]).then(([Screen]) => Screen);
}

/** Where the root address leads (SPEC §2). */
export const startPath = '/login/start';

// SPEC §2 routes built so far. Each entry maps the spec's address to a screen that works.
export const appRoutes: readonly AppRoute[] = [
  {
    path: '/login/start',
    Screen: lazyScreen(() => import('../features/start/screens/start.screen.tsx').then((m) => m.StartScreen)),
    meta: { titleKey: 'titles.start', keepAlive: true },
  },
  {
    path: '/login/login',
    Screen: lazyScreen(() => import('../features/auth/screens/sign-in.screen.tsx').then((m) => m.SignInScreen)),
    meta: { titleKey: 'titles.signIn', backTo: '/login/start' },
  },
  {
    path: '/login/logon',
    Screen: lazyScreen(() => import('../features/auth/screens/sign-in.screen.tsx').then((m) => m.SignInScreen)),
    meta: { titleKey: 'titles.signIn', backTo: '/login/start' },
  },
  {
    path: '/login/logon2',
    Screen: lazyScreen(() => import('../features/auth/screens/sign-in.screen.tsx').then((m) => m.SignInScreen)),
    meta: { titleKey: 'titles.signIn', backTo: '/login/start' },
  },
  {
    path: '/login/register',
    Screen: lazyScreen(() => import('../features/auth/screens/register.screen.tsx').then((m) => m.RegisterScreen)),
    meta: { titleKey: 'titles.register', backTo: '/login/start' },
  },
  {
    path: '/login/forgot',
    Screen: lazyScreen(() =>
      import('../features/auth/screens/forgot-password.screen.tsx').then((m) => m.ForgotPasswordScreen),
    ),
    meta: { titleKey: 'titles.forgot', backTo: '/login/login' },
  },
  {
    path: '/user/usercenter',
    Screen: lazyScreen(
      // The support row, its unread count and the bell read the core catalogue (issue 27).
      withParts(['funds'], () =>
        import('../features/funds/screens/member-centre.screen.tsx').then((m) => m.MemberCentreScreen),
      ),
    ),
    meta: { titleKey: 'titles.memberCentre', keepAlive: true },
  },
  {
    path: '/user/bandCard',
    Screen: lazyScreen(
      withParts(['funds'], () =>
        import('../features/funds/screens/real-name.screen.tsx').then((m) => m.RealNameScreen),
      ),
    ),
    meta: { titleKey: 'titles.realName', backTo: '/user/usercenter' },
  },
  {
    path: '/user/BankCard',
    Screen: lazyScreen(
      // security: the two-step code asked before a card is removed (issue 27).
      withParts(['funds', 'security'], () =>
        import('../features/funds/screens/bank-cards.screen.tsx').then((m) => m.BankCardsScreen),
      ),
    ),
    meta: { titleKey: 'titles.bankCards', backTo: '/user/usercenter' },
  },
  {
    path: '/user/WithCard',
    Screen: lazyScreen(
      // security: the two-step code field (issue 27).
      withParts(['funds', 'security'], () =>
        import('../features/funds/screens/add-card.screen.tsx').then((m) => m.AddCardScreen),
      ),
    ),
    meta: { titleKey: 'titles.addCard', backTo: '/user/BankCard' },
  },
  {
    path: '/user/recharge',
    Screen: lazyScreen(
      withParts(['funds'], () => import('../features/funds/screens/deposit.screen.tsx').then((m) => m.DepositScreen)),
    ),
    meta: { titleKey: 'titles.deposit', backTo: '/user/usercenter' },
  },
  {
    path: '/user/rechargeChannel',
    Screen: lazyScreen(
      withParts(['funds'], () =>
        import('../features/funds/screens/deposit-channel.screen.tsx').then((m) => m.DepositChannelScreen),
      ),
    ),
    meta: { titleKey: 'titles.depositChannel', backTo: '/user/recharge' },
  },
  {
    path: '/user/withdraw',
    Screen: lazyScreen(
      // security: the two-step code field (issue 27).
      withParts(['funds', 'security'], () =>
        import('../features/funds/screens/withdraw.screen.tsx').then((m) => m.WithdrawScreen),
      ),
    ),
    meta: { titleKey: 'titles.withdraw', backTo: '/user/usercenter' },
  },
  {
    path: '/user/exchange',
    Screen: lazyScreen(
      withParts(['funds'], () => import('../features/funds/screens/exchange.screen.tsx').then((m) => m.ExchangeScreen)),
    ),
    meta: { titleKey: 'titles.exchange', backTo: '/user/usercenter' },
  },
  {
    path: '/user/FundingDetails',
    Screen: lazyScreen(
      withParts(['funds'], () =>
        import('../features/funds/screens/fund-records.screen.tsx').then((m) => m.FundRecordsScreen),
      ),
    ),
    meta: { titleKey: 'titles.fundRecords', backTo: '/user/usercenter' },
  },
  {
    path: '/user/setting',
    Screen: lazyScreen(
      // settings: the display choices (colour scheme, price colours; issue 27); security: the two-step sign-in row.
      withParts(['settings', 'security'], () =>
        import('../features/settings/screens/settings.screen.tsx').then((m) => m.SettingsScreen),
      ),
    ),
    meta: { titleKey: 'titles.settings', keepAlive: true, backTo: '/user/usercenter' },
  },
  {
    path: '/user/loginPassword',
    Screen: lazyScreen(
      withParts(['settings'], () =>
        import('../features/settings/screens/login-password.screen.tsx').then((m) => m.LoginPasswordScreen),
      ),
    ),
    meta: { titleKey: 'titles.loginPassword', backTo: '/user/setting' },
  },
  {
    // Issue 27: two-step sign-in (TOTP) on and off; staff are sent here until it is on.
    path: '/user/security',
    Screen: lazyScreen(
      withParts(['settings', 'security'], () =>
        import('../features/settings/screens/two-factor.screen.tsx').then((m) => m.TwoFactorScreen),
      ),
    ),
    meta: { titleKey: 'titles.security', backTo: '/user/setting' },
  },
  {
    path: '/user/setPassword',
    Screen: lazyScreen(
      withParts(['settings'], () =>
        import('../features/settings/screens/fund-password.screen.tsx').then((m) => m.FundPasswordScreen),
      ),
    ),
    meta: { titleKey: 'titles.fundPassword', backTo: '/user/setting' },
  },
  {
    path: '/user/changeLang',
    Screen: lazyScreen(
      withParts(['settings'], () =>
        import('../features/settings/screens/language.screen.tsx').then((m) => m.LanguageScreen),
      ),
    ),
    meta: { titleKey: 'titles.language', backTo: '/user/setting' },
  },
  {
    path: '/user/tys',
    Screen: lazyScreen(
      withParts(['legal'], () => import('../features/settings/screens/terms.screen.tsx').then((m) => m.TermsScreen)),
    ),
    meta: { titleKey: 'titles.terms', backTo: '/user/setting' },
  },
  {
    path: '/user/aboutUs',
    Screen: lazyScreen(
      withParts(['legal'], () =>
        import('../features/settings/screens/about-us.screen.tsx').then((m) => m.AboutUsScreen),
      ),
    ),
    meta: { titleKey: 'titles.about', backTo: '/user/setting' },
  },
  {
    path: '/home/index',
    // market: the home texts, the shortcuts' labels among them; the bell and support badge are in the core catalogue.
    Screen: lazyScreen(withParts(['market'], () => import('./home/home.screen.tsx').then((m) => m.HomeScreen))),
    meta: { titleKey: 'titles.home' },
  },
  {
    path: '/home/search',
    Screen: lazyScreen(
      withParts(['market'], () => import('../features/market/screens/search.screen.tsx').then((m) => m.SearchScreen)),
    ),
    meta: { titleKey: 'titles.search', backTo: '/market/market' },
  },
  {
    path: '/market/market',
    Screen: lazyScreen(
      withParts(['market'], () =>
        import('../features/market/screens/market-list.screen.tsx').then((m) => m.MarketListScreen),
      ),
    ),
    meta: { titleKey: 'titles.market' },
  },
  {
    path: '/market/stockHot/stockList',
    Screen: lazyScreen(
      withParts(['market'], () =>
        import('../features/market/screens/rankings.screen.tsx').then((m) => m.RankingsScreen),
      ),
    ),
    meta: { titleKey: 'titles.rankings', backTo: '/home/index' },
  },
  {
    path: '/home/moreNews',
    Screen: lazyScreen(
      withParts(['market'], () =>
        import('../features/news/screens/news-list.screen.tsx').then((m) => m.NewsListScreen),
      ),
    ),
    meta: { titleKey: 'titles.news', backTo: '/home/index' },
  },
  {
    path: '/home/DetailsPage',
    Screen: lazyScreen(
      withParts(['market'], () =>
        import('../features/news/screens/news-article.screen.tsx').then((m) => m.NewsArticleScreen),
      ),
    ),
    meta: { titleKey: 'titles.newsArticle', backTo: '/home/moreNews' },
  },
  {
    path: '/gdindex/gdindex',
    Screen: lazyScreen(
      withParts(['market'], () =>
        import('../features/indices/screens/index-list.screen.tsx').then((m) => m.IndexListScreen),
      ),
    ),
    meta: { titleKey: 'titles.indices', backTo: '/home/index' },
  },
  {
    path: '/gdindex/gdList',
    Screen: lazyScreen(
      withParts(['market'], () =>
        import('../features/indices/screens/index-constituents.screen.tsx').then((m) => m.IndexConstituentsScreen),
      ),
    ),
    meta: { titleKey: 'titles.indexConstituents', backTo: '/gdindex/gdindex' },
  },
  {
    path: '/market/marketDetail',
    Screen: lazyScreen(
      // notices: the price-alert button and its sheet (issue 27).
      withParts(['market', 'notices'], () =>
        import('../features/market/screens/stock-detail.screen.tsx').then((m) => m.StockDetailScreen),
      ),
    ),
    meta: { titleKey: 'titles.marketDetail', backTo: '/market/market' },
  },
  {
    path: '/market/marketBuy',
    Screen: lazyScreen(
      // daytrade: the ticket's day-trade choice and its refusals (issue 26).
      withParts(['trade', 'daytrade'], () =>
        import('../features/trade/screens/order-ticket.screen.tsx').then((m) => m.OrderTicketScreen),
      ),
    ),
    meta: { titleKey: 'titles.orderTicket', backTo: '/market/market' },
  },
  // Issue 26: the home shortcuts "pre-market" and "after-hours" (SPEC §2 names them without routes).
  {
    path: '/market/preMarket',
    Screen: lazyScreen(
      withParts(['trade'], () =>
        import('../features/trade/screens/session-window.screen.tsx').then((m) => m.PreMarketScreen),
      ),
    ),
    meta: { titleKey: 'titles.preMarket', backTo: '/home/index' },
  },
  {
    path: '/market/afterHours',
    Screen: lazyScreen(
      withParts(['trade'], () =>
        import('../features/trade/screens/session-window.screen.tsx').then((m) => m.AfterHoursScreen),
      ),
    ),
    meta: { titleKey: 'titles.afterHours', backTo: '/home/index' },
  },
  {
    path: '/market/subscribe',
    Screen: lazyScreen(
      withParts(['ipo'], () =>
        import('../features/ipo/screens/offerings.screen.tsx').then((m) => m.IpoOfferingsScreen),
      ),
    ),
    meta: { titleKey: 'titles.ipoOfferings', backTo: '/home/index' },
  },
  {
    path: '/market/subscribeDetail',
    Screen: lazyScreen(
      withParts(['ipo'], () =>
        import('../features/ipo/screens/offering-detail.screen.tsx').then((m) => m.IpoOfferingDetailScreen),
      ),
    ),
    meta: { titleKey: 'titles.ipoOffering', backTo: '/market/subscribe' },
  },
  {
    path: '/market/subscribeRecord',
    Screen: lazyScreen(
      withParts(['ipo'], () =>
        import('../features/ipo/screens/ipo-records.screen.tsx').then((m) => m.IpoRecordsScreen),
      ),
    ),
    meta: { titleKey: 'titles.ipoRecords', backTo: '/user/usercenter' },
  },
  {
    // SPEC §2 names /user/pj only: read as the member's allotment record (docs/architecture.md).
    path: '/user/pj',
    Screen: lazyScreen(
      withParts(['ipo'], () => import('../features/ipo/screens/allotments.screen.tsx').then((m) => m.AllotmentsScreen)),
    ),
    meta: { titleKey: 'titles.allotments', backTo: '/user/usercenter' },
  },
  {
    path: '/common/dividend',
    Screen: lazyScreen(
      withParts(['block'], () =>
        import('../features/block/screens/block-products.screen.tsx').then((m) => m.BlockProductsScreen),
      ),
    ),
    meta: { titleKey: 'titles.blockProducts', backTo: '/home/index' },
  },
  {
    path: '/common/dividend2',
    Screen: lazyScreen(
      // A refusal of the shares' unit is the order ticket's own words (errors.trade.quantityUnit, in the trade part).
      withParts(['block', 'trade'], () =>
        import('../features/block/screens/block-apply.screen.tsx').then((m) => m.BlockApplyScreen),
      ),
    ),
    meta: { titleKey: 'titles.blockApply', backTo: '/common/dividend' },
  },
  {
    path: '/common/dividend3',
    Screen: lazyScreen(
      withParts(['block'], () =>
        import('../features/block/screens/block-applications.screen.tsx').then((m) => m.BlockApplicationsScreen),
      ),
    ),
    meta: { titleKey: 'titles.blockApplications', backTo: '/common/dividend' },
  },
  {
    path: '/common/dividend4',
    Screen: lazyScreen(
      withParts(['block'], () =>
        import('../features/block/screens/block-application.screen.tsx').then((m) => m.BlockApplicationScreen),
      ),
    ),
    meta: { titleKey: 'titles.blockApplication', backTo: '/common/dividend3' },
  },
  // Issue 26, copy trading: SPEC's route table has no route for it; /follow/… is ours (docs/issue26-copy.md).
  {
    path: '/follow/list',
    Screen: lazyScreen(
      withParts(['copy'], () =>
        import('../features/copy/screens/strategies.screen.tsx').then((m) => m.StrategiesScreen),
      ),
    ),
    meta: { titleKey: 'titles.copyStrategies', backTo: '/home/index' },
  },
  {
    path: '/follow/detail',
    Screen: lazyScreen(
      withParts(['copy'], () => import('../features/copy/screens/strategy.screen.tsx').then((m) => m.StrategyScreen)),
    ),
    meta: { titleKey: 'titles.copyStrategy', backTo: '/follow/list' },
  },
  {
    path: '/follow/mine',
    Screen: lazyScreen(
      withParts(['copy'], () => import('../features/copy/screens/follows.screen.tsx').then((m) => m.FollowsScreen)),
    ),
    meta: { titleKey: 'titles.copyFollows', backTo: '/follow/list' },
  },
  {
    path: '/follow/follow',
    Screen: lazyScreen(
      withParts(['copy'], () => import('../features/copy/screens/follow.screen.tsx').then((m) => m.FollowScreen)),
    ),
    meta: { titleKey: 'titles.copyFollow', backTo: '/follow/mine' },
  },
  {
    // Issue 26: day trading (SPEC §2: order submission, transactions, transaction details, already applied).
    path: '/common/dayTrading',
    Screen: lazyScreen(
      withParts(['daytrade'], () =>
        import('../features/daytrade/screens/day-trading.screen.tsx').then((m) => m.DayTradingScreen),
      ),
    ),
    meta: { titleKey: 'titles.dayTrading', backTo: '/home/index' },
  },
  {
    // SPEC §2 /user/jk "credit loan": the loan and its repayment.
    path: '/user/jk',
    Screen: lazyScreen(
      withParts(['loan'], () => import('../features/loans/screens/loan.screen.tsx').then((m) => m.LoanScreen)),
    ),
    meta: { titleKey: 'titles.loan', backTo: '/home/index' },
  },
  {
    // Issue 27 "Statements": the monthly statement and the annual trading report, as CSV or PDF.
    path: '/user/statements',
    Screen: lazyScreen(
      withParts(['statements'], () =>
        import('../features/statements/screens/statements.screen.tsx').then((m) => m.StatementsScreen),
      ),
    ),
    meta: { titleKey: 'titles.statements', backTo: '/user/usercenter' },
  },
  {
    // SPEC §2 /user/jkjl "loan records": the loan record and the repayment record.
    path: '/user/jkjl',
    Screen: lazyScreen(
      withParts(['loan'], () =>
        import('../features/loans/screens/loan-records.screen.tsx').then((m) => m.LoanRecordsScreen),
      ),
    ),
    meta: { titleKey: 'titles.loanRecords', backTo: '/user/jk' },
  },
  {
    // Issue 27 (SPEC §2 has no route): the member's notices, unread first marked, each opening its screen.
    path: '/user/notices',
    Screen: lazyScreen(
      withParts(['notices'], () =>
        import('../features/notices/screens/notices.screen.tsx').then((m) => m.NoticesScreen),
      ),
    ),
    meta: { titleKey: 'titles.notices', backTo: '/user/usercenter' },
  },
  {
    // Issue 27: the member's price alerts (set from a stock's detail), waiting and fired.
    path: '/user/alerts',
    Screen: lazyScreen(
      withParts(['notices'], () => import('../features/notices/screens/alerts.screen.tsx').then((m) => m.AlertsScreen)),
    ),
    meta: { titleKey: 'titles.alerts', backTo: '/user/notices' },
  },
  {
    path: '/position/position',
    Screen: lazyScreen(
      withParts(['trade'], () =>
        import('../features/trade/screens/positions.screen.tsx').then((m) => m.PositionsScreen),
      ),
    ),
    meta: { titleKey: 'titles.positions' },
  },
  {
    path: '/position/positionDetail',
    Screen: lazyScreen(
      // The ledger entries behind a position use the fund records' words (reasons, books).
      // daytrade: a day trade's origin and its cut-off (issue 26).
      withParts(['trade', 'funds', 'daytrade'], () =>
        import('../features/trade/screens/position-detail.screen.tsx').then((m) => m.PositionDetailScreen),
      ),
    ),
    meta: { titleKey: 'titles.positionDetail', backTo: '/position/position' },
  },
  {
    path: '/admin',
    Screen: lazyScreen(
      // block and trade: the refusals of the block queue (product closed, price off the grid) reach a toast here.
      withParts(['admin', 'funds', 'block', 'trade', 'daytrade', 'copy', 'support'], () =>
        import('../features/admin/screens/back-office.screen.tsx').then((m) => m.BackOfficeScreen),
      ),
    ),
    meta: { titleKey: 'titles.admin', keepAlive: true, backTo: '/user/usercenter' },
  },
  {
    // Issue 27: online customer service. SPEC §2 names no route for it; members and visitors share this one.
    path: '/support/chat',
    Screen: lazyScreen(
      withParts(['support'], () =>
        import('../features/support/screens/support-chat.screen.tsx').then((m) => m.SupportChatScreen),
      ),
    ),
    meta: { titleKey: 'titles.support' },
  },
];

/** Any other address: its screen loads only when someone lands there. */
export const notFoundRoute = {
  Screen: lazyScreen(() => import('./not-found.screen.tsx').then((m) => m.NotFoundScreen)),
} as const;

const metaByPath = new Map(appRoutes.map((route) => [route.path, route.meta]));

/** Starts loading the screen at this address (the boot does it while the config call is under way). */
export function preloadScreen(path: string): void {
  const target = path === '/' ? startPath : path;
  (appRoutes.find((route) => route.path === target)?.Screen ?? notFoundRoute.Screen).preload();
}

export function routeMeta(path: string): RouteMeta | undefined {
  return metaByPath.get(path);
}
