import { createBrowserRouter } from 'react-router';
import { LoadingState } from '@/components/states/states';
import { AppLayout } from './app-layout';
import { NotFoundPage, RouteError } from './route-error';

/*
 * Every page but the shell is its own chunk, loaded when first visited: the first load carries
 * the shell and sign-in only. Route modules name their component; `lazy` picks it.
 */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => React.ComponentType) =>
  async () => ({ Component: pick(await load()) });

/** The route whose children are the pages; the registry's pages are patched in under it. */
const PAGES = 'pages';
let registryPatched: Promise<void> | undefined;

export const router = createBrowserRouter(
  [
    {
      path: '/sign-in',
      errorElement: <RouteError />,
      hydrateFallbackElement: <LoadingState />,
      lazy: page(
        () => import('@/features/auth/sign-in-page'),
        (m) => m.SignInPage,
      ),
    },
    {
      path: '/',
      Component: AppLayout,
      errorElement: <RouteError />,
      hydrateFallbackElement: <LoadingState />,
      children: [
        {
          id: PAGES,
          errorElement: <RouteError />,
          children: [
            {
              index: true,
              lazy: page(
                () => import('./home-page'),
                (m) => m.HomePage,
              ),
            },
            {
              // The service has no read of one rule: its page finds it by id in the list.
              path: 'orchestration-rules/:id',
              lazy: page(
                () => import('@/features/orchestration/rule-page'),
                (m) => m.RulePage,
              ),
            },
            {
              path: 'approvals',
              lazy: page(
                () => import('@/features/approvals/approvals-page'),
                (m) => m.ApprovalsPage,
              ),
            },
            {
              path: 'approvals/:id',
              lazy: page(
                () => import('@/features/approvals/approval-detail-page'),
                (m) => m.ApprovalDetailPage,
              ),
            },
            {
              path: 'destinations',
              lazy: page(
                () => import('@/features/destinations/destinations-page'),
                (m) => m.DestinationsPage,
              ),
            },
            {
              path: 'policy',
              lazy: page(
                () => import('@/features/policy/policy-page'),
                (m) => m.PolicyPage,
              ),
            },
            {
              path: 'find',
              lazy: page(
                () => import('@/features/find/find-page'),
                (m) => m.FindPage,
              ),
            },
            {
              path: 'journal',
              lazy: page(
                () => import('@/features/journal/journal-page'),
                (m) => m.JournalPage,
              ),
            },
            {
              path: 'journal/:id',
              lazy: page(
                () => import('@/features/journal/journal-detail-page'),
                (m) => m.JournalDetailPage,
              ),
            },
            {
              path: 'sessions',
              lazy: page(
                () => import('@/features/sessions/sessions-page'),
                (m) => m.SessionsPage,
              ),
            },
            {
              path: 'passkeys',
              lazy: page(
                () => import('@/features/passkeys/passkeys-page'),
                (m) => m.PasskeysPage,
              ),
            },
            {
              path: 'insights',
              lazy: page(
                () => import('@/features/insights/insights-page'),
                (m) => m.InsightsPage,
              ),
            },
            {
              path: 'reconciliation',
              lazy: page(
                () => import('@/features/reconcile/reconcile-page'),
                (m) => m.ReconciliationPage,
              ),
            },
            {
              path: 'reconciliation/:id',
              lazy: page(
                () => import('@/features/reconcile/reconcile-difference-page'),
                (m) => m.ReconciliationDifferencePage,
              ),
            },
            {
              path: 'batches',
              lazy: page(
                () => import('@/features/batches/batches-page'),
                (m) => m.BatchesPage,
              ),
            },
            {
              path: 'batches/:id',
              lazy: page(
                () => import('@/features/batches/batch-page'),
                (m) => m.BatchPage,
              ),
            },
            {
              path: 'schedules',
              lazy: page(
                () => import('@/features/schedules/schedules-page'),
                (m) => m.SchedulesPage,
              ),
            },
            {
              path: 'schedules/new',
              lazy: page(
                () =>
                  Promise.all([
                    import('@/features/schedules/new-schedule-page'),
                    import('./operation-views'),
                  ]),
                // The operation's own fields, as its page has them (a feature never imports the app).
                ([m, views]) =>
                  function NewSchedule() {
                    return <m.NewSchedulePage loadView={views.loadView} />;
                  },
              ),
            },
            {
              path: 'schedules/:id',
              lazy: page(
                () => import('@/features/schedules/schedule-page'),
                (m) => m.SchedulePage,
              ),
            },
            {
              path: 'audit',
              lazy: page(
                () => import('@/features/audit/audit-page'),
                (m) => m.AuditPage,
              ),
            },
            {
              path: 'security-events',
              lazy: page(
                () => import('@/features/sessions/security-events-page'),
                (m) => m.SecurityEventsPage,
              ),
            },
            {
              path: 'notifications',
              lazy: page(
                () => import('@/features/notifications/preferences-page'),
                (m) => m.PreferencesPage,
              ),
            },
            {
              path: 'notifications/delivery',
              lazy: page(
                () => import('@/features/notifications/delivery-page'),
                (m) => m.DeliveryPage,
              ),
            },
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ],
  {
    // Called when a path matches nothing yet, or only a route with a parameter or a splat that a
    // registry route may outrank: the registry's routes (every write's form and every read's page,
    // app/operation-pages.ts) are loaded and patched in once.
    async patchRoutesOnNavigation({ patch }) {
      registryPatched ??= import('./registry-routes').then(
        ({ registryRoutes }) => patch(PAGES, registryRoutes),
        (error: unknown) => {
          registryPatched = undefined; // a chunk that failed to load is tried again next time
          throw error;
        },
      );
      await registryPatched;
    },
  },
);
