import { createBrowserRouter } from 'react-router';
import { LoadingState } from '@/components/states/states';
import { AppLayout } from './app-layout';
import { HomePage } from './home-page';
import { NotFoundPage, RouteError } from './route-error';

/*
 * Every page but the shell is its own chunk, loaded when first visited: the first load carries
 * the shell and sign-in only. Route modules name their component; `lazy` picks it.
 */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => React.ComponentType) =>
  async () => ({ Component: pick(await load()) });

export const router = createBrowserRouter([
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
        errorElement: <RouteError />,
        children: [
          { index: true, Component: HomePage },
          {
            path: 'orders',
            lazy: page(
              () => import('@/features/orders/orders-page'),
              (m) => m.OrdersPage,
            ),
          },
          {
            path: 'orders/new',
            lazy: page(
              () => import('@/features/orders/create-order-route'),
              (m) => m.CreateOrderRoute,
            ),
          },
          {
            path: 'orders/:journalId',
            lazy: page(
              () => import('@/features/orders/order-detail-page'),
              (m) => m.OrderDetailPage,
            ),
          },
          {
            path: 'transfers/internal',
            lazy: page(
              () => import('@/features/transfers/routes'),
              (m) => m.InternalTransferRoute,
            ),
          },
          {
            path: 'transfers/svc',
            lazy: page(
              () => import('@/features/transfers/routes'),
              (m) => m.SvcTransferRoute,
            ),
          },
          {
            path: 'crypto/deposit-addresses',
            lazy: page(
              () => import('@/features/crypto/routes'),
              (m) => m.DepositAddressRoute,
            ),
          },
          {
            path: 'crypto/withdrawal-fees',
            lazy: page(
              () => import('@/features/crypto/routes'),
              (m) => m.WithdrawalFeeRoute,
            ),
          },
          {
            path: 'fiat/accounts',
            lazy: page(
              () => import('@/features/fiat/routes'),
              (m) => m.FiatAccountRoute,
            ),
          },
          {
            path: 'orchestration/orchestrations',
            lazy: page(
              () => import('@/features/orchestration/routes'),
              (m) => m.OrchestrationRoute,
            ),
          },
          {
            path: 'orchestration/rules',
            lazy: page(
              () => import('@/features/orchestration/routes'),
              (m) => m.OrchestrationRuleRoute,
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
]);
