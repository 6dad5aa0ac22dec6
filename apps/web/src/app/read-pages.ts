import type { ComponentType } from 'react';
import type { ReadPageId } from '@/lib/operation-routes';

/*
 * The page of each read that has one (lib/operation-routes.ts lists them), each its own chunk,
 * loaded when first opened. The typed table makes a read listed without a page a compile error.
 */
const page =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () =>
    pick(await load());

export const READ_PAGES: Record<ReadPageId, () => Promise<ComponentType>> = {
  listOrders: page(
    () => import('@/features/orders/orders-page'),
    (m) => m.OrdersPage,
  ),
  getOrder: page(
    () => import('@/features/orders/order-detail-page'),
    (m) => m.OrderDetailPage,
  ),
  listTransfers: page(
    () => import('@/features/transfers/transfers-page'),
    (m) => m.TransfersPage,
  ),
  getTransfer: page(
    () => import('@/features/transfers/transfer-detail-page'),
    (m) => m.TransferDetailPage,
  ),
  listProfiles: page(
    () => import('@/features/profiles/profiles-page'),
    (m) => m.ProfilesPage,
  ),
  getProfile: page(
    () => import('@/features/profiles/profile-page'),
    (m) => m.ProfilePage,
  ),
  listFiatAccounts: page(
    () => import('@/features/fiat/fiat-accounts-page'),
    (m) => m.FiatAccountsPage,
  ),
  getFiatAccount: page(
    () => import('@/features/fiat/fiat-account-page'),
    (m) => m.FiatAccountPage,
  ),
  listOrchestrations: page(
    () => import('@/features/orchestration/orchestrations-page'),
    (m) => m.OrchestrationsPage,
  ),
  getOrchestration: page(
    () => import('@/features/orchestration/orchestration-page'),
    (m) => m.OrchestrationPage,
  ),
  listOrchestrationRules: page(
    () => import('@/features/orchestration/rules-page'),
    (m) => m.RulesPage,
  ),
  listDepositAddresses: page(
    () => import('@/features/crypto/deposit-addresses-page'),
    (m) => m.DepositAddressesPage,
  ),
  listIdentities: page(
    () => import('@/features/identities/identities-page'),
    (m) => m.IdentitiesPage,
  ),
  getIdentity: page(
    () => import('@/features/identities/identity-page'),
    (m) => m.IdentityPage,
  ),
  listAccounts: page(
    () => import('@/features/identities/accounts-page'),
    (m) => m.AccountsPage,
  ),
  getAccount: page(
    () => import('@/features/identities/account-page'),
    (m) => m.AccountPage,
  ),
  listCryptoDestinationAddresses: page(
    () => import('@/features/crypto/destination-addresses-page'),
    (m) => m.DestinationAddressesPage,
  ),
  listFiatDepositInstructions: page(
    () => import('@/features/fiat/deposit-instructions-page'),
    (m) => m.DepositInstructionsPage,
  ),
  getFiatDepositInstructions: page(
    () => import('@/features/fiat/deposit-instructions-detail-page'),
    (m) => m.DepositInstructionsDetailPage,
  ),
};
