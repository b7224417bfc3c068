import type { AdminAwardListQuery, AdminCategoryListQuery } from '@/contract/admin-awards';
import type { AnalyticsRangeQuery } from '@/contract/analytics';
import type { AwardListQuery } from '@/contract/awards';
import type { BugReportListQuery } from '@/contract/bug-reports';
import type { AdminLandingPageListQuery, LandingPagePreviewBody } from '@/contract/landing-pages';
import type { CrmContactsQuery } from '@/contract/crm';
import type { AdminNominationListQuery, CertificatePreviewBody, CommunityQuery } from '@/contract/nominations';
import type { QuizGalleryQuery } from '@/contract/quiz';
import type { AdminUserListQuery } from '@/contract/users';
import type { AuditListQuery } from '@/contract/admin-audit';
import type { MailListQuery } from '@/contract/admin-mail';
import type { DashboardPeriod } from '@/contract/admin-dashboard';
import type { QuoteBody } from '@/contract/shop';

// The roots; every key below starts with one of them.
const account = ['account'] as const;
const admin = ['admin'] as const;
const adminUsers = [...admin, 'users'] as const;
const adminNominations = [...admin, 'nominations'] as const;
const awards = ['awards'] as const;
const certificates = ['certificates'] as const;
const certificatePreviews = ['certificate-preview'] as const;
const claims = ['claims'] as const;
const community = ['community'] as const;
const quiz = ['quiz'] as const;
const store = ['store'] as const;
const orders = ['orders'] as const;
const funnel = ['funnel'] as const;
const adminOrders = [...admin, 'orders'] as const;
const adminProducts = [...admin, 'products'] as const;
const adminDiscounts = [...admin, 'discount-codes'] as const;
const adminMappings = [...admin, 'award-product-templates'] as const;
const adminJobs = [...admin, 'jobs'] as const;
const adminBugReports = [...admin, 'bug-reports'] as const;
const adminAnalytics = [...admin, 'analytics'] as const;
const adminLandingPages = [...admin, 'landing-pages'] as const;
const landingPages = ['landing-pages'] as const;
const adminAwards = [...admin, 'awards'] as const;
const adminCategories = [...admin, 'categories'] as const;
const adminCrm = [...admin, 'crm'] as const;
const adminSettings = [...admin, 'settings'] as const;
const adminAudit = [...admin, 'audit'] as const;
const adminDashboard = [...admin, 'dashboard'] as const;
const adminMail = [...admin, 'mail'] as const;

/**
 * Every TanStack Query key the app uses, in one tree (docs/decisions/061). A key is only ever
 * written here: queries, setQueryData and invalidations all call these builders, so an
 * invalidation cannot be misspelt. Each branch's `all` is the prefix of everything below it —
 * invalidating `queryKeys.community.all` reaches every filtered wall.
 *
 * `account` and `admin` hold one person's data: main.tsx drops both when someone signs in or out.
 */
export const queryKeys = {
  auth: {
    config: () => ['auth', 'config'] as const,
  },
  account: {
    all: account,
    detail: () => [...account, 'detail'] as const,
    nominations: () => [...account, 'nominations'] as const,
    orders: () => [...account, 'orders'] as const,
    /** The signed-in shopper's cart as stored on the server. */
    cart: () => [...account, 'cart'] as const,
  },
  admin: {
    all: admin,
    users: {
      all: adminUsers,
      list: (filter: AdminUserListQuery) => [...adminUsers, 'list', filter] as const,
    },
    nominations: {
      all: adminNominations,
      list: (filter: AdminNominationListQuery) => [...adminNominations, 'list', filter] as const,
      detail: (id: string) => [...adminNominations, 'detail', id] as const,
    },
    orders: {
      all: adminOrders,
      list: (filter: Record<string, unknown>) => [...adminOrders, 'list', filter] as const,
      detail: (id: string) => [...adminOrders, 'detail', id] as const,
    },
    products: {
      all: adminProducts,
    },
    discountCodes: {
      all: adminDiscounts,
    },
    /** The award → product mappings of the print room tools on the home page. */
    awardProductTemplates: {
      all: adminMappings,
    },
    analytics: {
      all: adminAnalytics,
      report: (range: AnalyticsRangeQuery) => [...adminAnalytics, 'report', range] as const,
    },
    bugReports: {
      all: adminBugReports,
      list: (filter: BugReportListQuery) => [...adminBugReports, 'list', filter] as const,
      detail: (id: string) => [...adminBugReports, 'detail', id] as const,
    },
    /** /admin/landing-pages: the list, one page in the editor, the call-to-action picker and the editor's preview. */
    landingPages: {
      all: adminLandingPages,
      list: (filter: AdminLandingPageListQuery) => [...adminLandingPages, 'list', filter] as const,
      detail: (id: string) => [...adminLandingPages, 'detail', id] as const,
      ctaTargets: () => [...adminLandingPages, 'cta-targets'] as const,
      preview: (body: LandingPagePreviewBody) => [...adminLandingPages, 'preview', body] as const,
    },
    /** /admin/awards: the list, one award, and awards_audit (all or one award's). */
    awards: {
      all: adminAwards,
      list: (filter: AdminAwardListQuery) => [...adminAwards, 'list', filter] as const,
      detail: (id: string) => [...adminAwards, 'detail', id] as const,
      audit: (filter: { award_id?: string | undefined; page?: number | undefined }) => [...adminAwards, 'audit', filter] as const,
    },
    /** /admin/categories: every category with its award count. */
    categories: {
      all: adminCategories,
      list: (filter: AdminCategoryListQuery) => [...adminCategories, 'list', filter] as const,
    },
    crm: {
      all: adminCrm,
      list: (filter: CrmContactsQuery) => [...adminCrm, 'list', filter] as const,
      tags: () => [...adminCrm, 'tags'] as const,
      detail: (id: string) => [...adminCrm, 'detail', id] as const,
    },
    /** /admin/settings: every group, with who changed it last. */
    settings: {
      all: adminSettings,
    },
    audit: {
      all: adminAudit,
      list: (filter: AuditListQuery) => [...adminAudit, 'list', filter] as const,
      detail: (id: string) => [...adminAudit, 'detail', id] as const,
    },
    dashboard: {
      all: adminDashboard,
      period: (period: DashboardPeriod) => [...adminDashboard, period] as const,
    },
    jobs: {
      all: adminJobs,
      list: (filter: { state?: string | undefined; name?: string | undefined }) => [...adminJobs, 'list', filter] as const,
    },
    /** /admin/mail: the outbox's pages and one mail. */
    mail: {
      all: adminMail,
      list: (filter: MailListQuery) => [...adminMail, 'list', filter] as const,
      detail: (id: string) => [...adminMail, 'detail', id] as const,
    },
  },
  awards: {
    all: awards,
    /** The unfiltered list ({}) is shared by the gallery, the award picker, the designs page and the admin filter. */
    list: (filter: AwardListQuery = {}) => [...awards, 'list', filter] as const,
  },
  categories: {
    all: ['categories'] as const,
  },
  templates: {
    all: ['templates'] as const,
  },
  certificates: {
    all: certificates,
    detail: (shareId: string) => [...certificates, 'detail', shareId] as const,
  },
  /** Kept apart from `certificates`: refreshing certificate pages must not redraw every cached preview. */
  certificatePreviews: {
    all: certificatePreviews,
    detail: (body: CertificatePreviewBody | null) => [...certificatePreviews, body] as const,
  },
  claims: {
    all: claims,
    detail: (token: string) => [...claims, token] as const,
  },
  store: {
    all: store,
    /** The catalogue in a currency; undefined: the shop's own (the server-rendered page's). */
    catalogue: (currency?: string) => (currency ? ([...store, 'catalogue', currency] as const) : ([...store, 'catalogue'] as const)),
    quote: (body: QuoteBody) => [...store, 'quote', body] as const,
    /** Photos of awards on the printed products: every award's, and one award's. */
    allMockups: () => [...store, 'mockups'] as const,
    mockups: (awardId: string) => [...store, 'mockups', awardId] as const,
  },
  orders: {
    all: orders,
    /** An order, opened by its owner/admin (token null) or with its access token. */
    detail: (orderId: string, token: string | null) => [...orders, orderId, token] as const,
    testPayment: (sessionId: string) => [...orders, 'test-payment', sessionId] as const,
  },
  funnel: {
    all: funnel,
    /** The funnel's hero product and offers (for an award other than its own when asked). */
    offer: (awardId: string | null) => [...funnel, 'offer', awardId] as const,
    /** A funnel order, opened with its access token. */
    order: (orderId: string) => [...funnel, 'order', orderId] as const,
  },
  /** Published landing pages, by address (docs/decisions/102). */
  landingPages: {
    all: landingPages,
    detail: (slug: string) => [...landingPages, 'detail', slug] as const,
  },
  community: {
    all: community,
    list: (filter: CommunityQuery) => [...community, 'list', filter] as const,
  },
  quiz: {
    all: quiz,
    /** The questions and the awards they can lead to. */
    questions: () => [...quiz, 'questions'] as const,
    result: (resultId: string) => [...quiz, 'result', resultId] as const,
    /** Every list of the Hall of Fame (the prefix of each `gallery(filter)`). */
    galleries: () => [...quiz, 'gallery'] as const,
    /** The Hall of Fame, all or one award. */
    gallery: (filter: Pick<QuizGalleryQuery, 'award_id'>) => [...quiz, 'gallery', filter] as const,
  },
};
