/*
 * The routes of the BFF's API by name: method and path alone, no schemas (and so no zod), so
 * that the SPA's first call goes out at once while the contract's schemas load beside it.
 * api-contract.ts adds what each route takes and answers.
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Every route of the BFF's API: the method, and the path as the route table names it (`:name`
 * is a path parameter, `*` the rest of the path).
 */
export const API_ROUTES = {
  health: { method: 'GET', path: '/api/health' },
  /** For a load balancer: ready once migrations ran and the database answers (503 otherwise). */
  healthReady: { method: 'GET', path: '/api/health/ready' },
  /** For a load balancer: the process answers at all. */
  healthLive: { method: 'GET', path: '/api/health/live' },
  signIn: { method: 'POST', path: '/api/session' },
  getSession: { method: 'GET', path: '/api/session' },
  /** What the sign-in page offers: single sign-on, the password form, or both. */
  getSignInOptions: { method: 'GET', path: '/api/session/options' },
  /** "Stay signed in": restarts the idle clock, never past the absolute end. */
  extendSession: { method: 'POST', path: '/api/session/extend' },
  signOut: { method: 'DELETE', path: '/api/session' },
  listSessions: { method: 'GET', path: '/api/sessions' },
  /** Ends a session by its public id (the operator's own, anyone's for an admin). */
  endSession: { method: 'DELETE', path: '/api/sessions/:id' },
  listSecurityEvents: { method: 'GET', path: '/api/security-events' },
  /** The signed-in operator's passkeys (issue 61). */
  listPasskeys: { method: 'GET', path: '/api/passkeys' },
  /** Everyone's passkeys (admins). */
  listAllPasskeys: { method: 'GET', path: '/api/passkeys/all' },
  /** Soon after a sign-in only: the WebAuthn options to create a passkey with. */
  passkeyRegistrationOptions: { method: 'POST', path: '/api/passkeys/register/options' },
  registerPasskey: { method: 'POST', path: '/api/passkeys/register/verify' },
  renamePasskey: { method: 'PUT', path: '/api/passkeys/:id' },
  /** Its owner, or an admin (a lost key). */
  revokePasskey: { method: 'DELETE', path: '/api/passkeys/:id' },
  /** Another admin ends a pending passkey's cooling-off. */
  confirmPasskey: { method: 'POST', path: '/api/passkeys/:id/confirm' },
  listOperations: { method: 'GET', path: '/api/operations' },
  /**
   * One route per write of the registry (`:operation` is its id); the body is validated by the
   * operation's `request` schema. `202` when the approval policy holds it: nothing was sent.
   */
  sendOperation: { method: 'POST', path: '/api/operations/:operation' },
  previewOperation: { method: 'POST', path: '/api/operations/:operation/preview' },
  listJournal: { method: 'GET', path: '/api/journal' },
  exportJournal: { method: 'GET', path: '/api/journal.csv' },
  getJournalEntry: { method: 'GET', path: '/api/journal/:id' },
  /** Sends the stored bytes again with the same ref_id, on the same entry: never a new intent. */
  retryJournalEntry: { method: 'POST', path: '/api/journal/:id/retry' },
  readService: { method: 'GET', path: '/api/svc/v2/*' },
  listApprovals: { method: 'GET', path: '/api/approvals' },
  getApproval: { method: 'GET', path: '/api/approvals/:id' },
  /** The last approval sends and answers like a send; an earlier one answers `202`. */
  approveRequest: { method: 'POST', path: '/api/approvals/:id/approve' },
  rejectRequest: { method: 'POST', path: '/api/approvals/:id/reject' },
  /** The statement of a decision and its WebAuthn challenge, for the approver's passkey to sign. */
  createDecisionChallenge: { method: 'POST', path: '/api/approvals/:id/challenge' },
  /** The maker withdraws their request while it waits. */
  cancelRequest: { method: 'POST', path: '/api/approvals/:id/cancel' },
  getWorkQueue: { method: 'GET', path: '/api/work-queue' },
  /** The organisation's fee schedule (`FEE_SCHEDULE`, issue 67): what order fees are estimated at. */
  getFeeSchedule: { method: 'GET', path: '/api/fee-schedule' },
  /** The book of allowed destinations (issue 37): usable first, then cooling off, pending, revoked. */
  listDestinations: { method: 'GET', path: '/api/destinations' },
  /** Whether a write's destination must be in the book, and the test amount of its asset. */
  getDestinationRule: { method: 'GET', path: '/api/destinations/rule' },
  getDestination: { method: 'GET', path: '/api/destinations/:id' },
  /** A new entry: journaled and held for another operator's approval (`202`), never at once. */
  proposeDestination: { method: 'POST', path: '/api/destinations' },
  /** An admin revokes an entry at once: journaled, and a security event. */
  revokeDestination: { method: 'POST', path: '/api/destinations/:id/revoke' },
  /** The approval policy's versions (issue 38): the one in force, the ones before, proposals. */
  getPolicy: { method: 'GET', path: '/api/policy' },
  /** A new version, proposed by an admin, in force once another admin approves it. */
  proposePolicy: { method: 'POST', path: '/api/policy/versions' },
  /** A draft replayed over the journal of a period beside the versions then in force; changes nothing. */
  dryRunPolicy: { method: 'POST', path: '/api/policy/dry-run' },
  /** The signed-in operator's limits and what is left of each (issue 37). */
  listLimits: { method: 'GET', path: '/api/limits' },
  /** The operator's own notification choices, per kind and channel. */
  getNotificationPreferences: { method: 'GET', path: '/api/notifications/preferences' },
  setNotificationPreferences: { method: 'PUT', path: '/api/notifications/preferences' },
  /** Admins: who receives what, and where. */
  listNotificationRecipients: { method: 'GET', path: '/api/notifications/recipients' },
  /** Admins: messages given up after the last retry. */
  listDeadLetters: { method: 'GET', path: '/api/notifications/dead-letters' },
  /** Admins: a dead letter goes back to the outbox, to be delivered afresh. */
  retryNotification: { method: 'POST', path: '/api/notifications/:id/retry' },
  /** Single sign-on (when configured): a navigation to the provider, with state, nonce and PKCE. */
  startSso: { method: 'GET', path: '/api/session/oidc/start' },
  /** Where the provider sends the browser back; answers a redirect, never an error body. */
  finishSso: { method: 'GET', path: '/api/session/oidc/callback' },
  /** After sign-out: on to the provider's logout (RP-initiated). */
  leaveSso: { method: 'GET', path: '/api/session/oidc/logout' },
  /** The provider's server ends sessions with a signed logout token. */
  backchannelLogout: { method: 'POST', path: '/api/session/oidc/backchannel-logout' },
  /** Prometheus text format, behind `METRICS_TOKEN` (when set). */
  metrics: { method: 'GET', path: '/api/metrics' },
  /** Server-Sent Events of what changed at the service, filtered for the operator's role. */
  openStream: { method: 'GET', path: '/api/stream' },
  /** What changed that concerns the operator, with their own read state. */
  getInbox: { method: 'GET', path: '/api/inbox' },
  markInboxRead: { method: 'POST', path: '/api/inbox/read' },
  /** The service's webhook deliveries, behind the configured API-key header. */
  receiveSvcWebhook: { method: 'POST', path: '/api/webhooks/svc' },
  /** Admins and auditors (issue 41): every hash chain walked now, and the first break of each. */
  verifyAuditTrail: { method: 'GET', path: '/api/audit/verification' },
  /** Admins and auditors: the chains' heads signed with the audit key now. */
  createAuditCheckpoint: { method: 'POST', path: '/api/audit/checkpoints' },
  /** Admins and auditors: a period as CSV with a detached JWS; recorded in the audit chain. */
  exportAuditPeriod: { method: 'POST', path: '/api/audit/exports' },
  /** Finance and admins (issue 40): a reconciliation run over a period, taken up at once. */
  startReconciliation: { method: 'POST', path: '/api/reconciliation/runs' },
  /** Finance, admins and auditors: the newest runs. */
  listReconciliationRuns: { method: 'GET', path: '/api/reconciliation/runs' },
  /** Finance, admins and auditors: the queue of differences (open by default). */
  listReconDifferences: { method: 'GET', path: '/api/reconciliation/differences' },
  /** Finance, admins and auditors: one difference, the journal's and the service's sides. */
  getReconDifference: { method: 'GET', path: '/api/reconciliation/differences/:id' },
  /** Finance and admins: gives an open difference to an operator. */
  assignReconDifference: { method: 'POST', path: '/api/reconciliation/differences/:id/assign' },
  /** Finance and admins: resolves an open difference with a reason. */
  resolveReconDifference: { method: 'POST', path: '/api/reconciliation/differences/:id/resolve' },
  /** Finance, admins and auditors: a period's differences and matches as CSV, and a summary. */
  exportReconciliation: { method: 'GET', path: '/api/reconciliation/export' },
  /** Every role but support (issue 62): money moved per UTC day, operation and asset. */
  getMoneyMoved: { method: 'GET', path: '/api/insights/money-moved' },
  /** Finance and admins (issue 64): a statement's header and the mapping proposed for it. */
  checkStatement: { method: 'POST', path: '/api/reconciliation/statements/check' },
  /** Finance and admins: a statement stored and matched as the third side of a period. */
  createStatement: { method: 'POST', path: '/api/reconciliation/statements' },
  /** Finance, admins and auditors: the newest statements. */
  listStatements: { method: 'GET', path: '/api/reconciliation/statements' },
  /** Finance, admins and auditors: one statement and its differences, with the three sides. */
  getStatement: { method: 'GET', path: '/api/reconciliation/statements/:id' },
  /** Money roles (issue 39): parse and check a CSV of sends; stores only the column mapping. */
  checkBatch: { method: 'POST', path: '/api/batches/check' },
  /** Money roles: store a checked file as a batch awaiting its one approval. */
  createBatch: { method: 'POST', path: '/api/batches' },
  /** Money roles, admins and auditors: the newest batches. */
  listBatches: { method: 'GET', path: '/api/batches' },
  /** Money roles, admins and auditors: one batch, its totals, approvals and counts per state. */
  getBatch: { method: 'GET', path: '/api/batches/:id' },
  /** Money roles, admins and auditors: a page of a batch's rows, searchable, by state. */
  listBatchRows: { method: 'GET', path: '/api/batches/:id/rows' },
  /** Money roles other than the uploader: approve the batch's rows by their hash. */
  approveBatch: { method: 'POST', path: '/api/batches/:id/approve' },
  /** Money roles other than the uploader: reject a batch awaiting approval, with a reason. */
  rejectBatch: { method: 'POST', path: '/api/batches/:id/reject' },
  /** Money roles: stop sending the rows not yet sent, until resumed. */
  pauseBatch: { method: 'POST', path: '/api/batches/:id/pause' },
  /** Money roles: go on sending a paused batch. */
  resumeBatch: { method: 'POST', path: '/api/batches/:id/resume' },
  /** Money roles: send none of the rows not yet sent (sent rows stay sent), with a reason. */
  cancelBatch: { method: 'POST', path: '/api/batches/:id/cancel' },
  /** Money roles, admins and auditors: the input columns plus ref_id, state, service id, error. */
  exportBatchResults: { method: 'GET', path: '/api/batches/:id/results' },
  /** Money roles: a series of one write on a timing, awaiting its one approval (issue 63). */
  createSchedule: { method: 'POST', path: '/api/schedules' },
  /** Money roles: what the policy would ask of that series now; nothing is stored. */
  previewSchedule: { method: 'POST', path: '/api/schedules/preview' },
  /** Money roles, viewers and auditors: the series, newest first. */
  listSchedules: { method: 'GET', path: '/api/schedules' },
  /** Money roles, viewers and auditors: one series, its versions, next occurrences and history. */
  getSchedule: { method: 'GET', path: '/api/schedules/:id' },
  /** Money roles other than the version's author: approve the version they reviewed. */
  approveSchedule: { method: 'POST', path: '/api/schedules/:id/approve' },
  /** Money roles other than the version's author: reject a version awaiting approval. */
  rejectSchedule: { method: 'POST', path: '/api/schedules/:id/reject' },
  /** Money roles: send no occurrence until resumed (those due meanwhile are skipped). */
  pauseSchedule: { method: 'POST', path: '/api/schedules/:id/pause' },
  /** Money roles: go on with a paused series. */
  resumeSchedule: { method: 'POST', path: '/api/schedules/:id/resume' },
  /** Money roles: do not send one coming occurrence. */
  skipScheduleOccurrence: { method: 'POST', path: '/api/schedules/:id/skip' },
  /** Money roles: send no more occurrences, with a reason. */
  cancelSchedule: { method: 'POST', path: '/api/schedules/:id/cancel' },
} as const satisfies Record<string, { method: ApiMethod; path: string }>;

/** The name of a route of the BFF's API. */
export type ApiRouteName = keyof typeof API_ROUTES;
