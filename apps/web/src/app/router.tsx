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
              path: 'orders',
              lazy: page(
                () => import('@/features/orders/orders-page'),
                (m) => m.OrdersPage,
              ),
            },
            {
              path: 'orders/:profile_id/:id',
              lazy: page(
                () => import('@/features/orders/order-detail-page'),
                (m) => m.OrderDetailPage,
              ),
            },
            {
              path: 'profiles',
              lazy: page(
                () => import('@/features/profiles/profiles-page'),
                (m) => m.ProfilesPage,
              ),
            },
            {
              path: 'profiles/:profile_id',
              lazy: page(
                () => import('@/features/profiles/profile-page'),
                (m) => m.ProfilePage,
              ),
            },
            {
              path: 'orchestrations',
              lazy: page(
                () => import('@/features/orchestration/orchestrations-page'),
                (m) => m.OrchestrationsPage,
              ),
            },
            {
              path: 'orchestration-rules',
              lazy: page(
                () => import('@/features/orchestration/rules-page'),
                (m) => m.RulesPage,
              ),
            },
            {
              path: 'transfers',
              lazy: page(
                () => import('@/features/transfers/transfers-page'),
                (m) => m.TransfersPage,
              ),
            },
            {
              path: 'transfers/:id',
              lazy: page(
                () => import('@/features/transfers/transfer-detail-page'),
                (m) => m.TransferDetailPage,
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
              path: 'security-events',
              lazy: page(
                () => import('@/features/sessions/security-events-page'),
                (m) => m.SecurityEventsPage,
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
    // registry route may outrank (`/orders/new` against `/orders/:profile_id/:id`): the registry's routes
    // are loaded and patched in once.
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
