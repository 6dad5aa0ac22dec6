// @ts-check
/**
 * What `pnpm test:mutation` mutates, in groups: each group's modules are judged by the tests
 * written for them (their own files and the route and integration tests that drive them), not by
 * the whole suite. The whole suite can only kill more, so a group's score is a floor; and a group
 * runs in minutes where the whole suite against every mutant takes hours on two cores, because
 * each mutant would re-run every integration file that happens to pass through the journal.
 * A module is in exactly one group (checked by scripts/mutation.mjs).
 * @type {{ name: string; mutate: string[]; testFiles: string[] }[]}
 */
export const MUTATION_GROUPS = [
  {
    name: 'send',
    mutate: ['src/send/dispatch.ts', 'src/send/resolver.ts'],
    testFiles: [
      'src/send/dispatch.test.ts',
      'src/send/dispatch-classify.test.ts',
      'src/send/resolver.test.ts',
      'src/send/read-back.test.ts',
      'test/integration/resolve-by-read.test.ts',
    ],
  },
  {
    name: 'upstream',
    mutate: ['src/upstream/tokens.ts', 'src/upstream/already-exists.ts'],
    testFiles: [
      'src/upstream/tokens.test.ts',
      'src/upstream/client.test.ts',
      'src/upstream/already-exists.test.ts',
    ],
  },
  {
    name: 'approvals',
    mutate: [
      'src/approvals/approval-send.ts',
      'src/approvals/approval-view.ts',
      'src/approvals/approval-flow.ts',
      'src/approvals/approval-checks.ts',
      'src/approvals/policy.ts',
    ],
    testFiles: [
      'src/approvals/*.test.ts',
      'src/routes/work-queue-routes.test.ts',
      // The record read again while a request waits, and approvers who sign in through the
      // company's provider: only these drive the view's comparison and the SSO roles' recount.
      'test/integration/approval-snapshot.test.ts',
      'test/integration/sso-approvals.test.ts',
    ],
  },
  {
    // Issue 37: where money may go and how much an operator may move or approve. The rule engine
    // and its parts decide a send as the approvals do, and the console actions change the book,
    // so they are mutated like the approvals; the book's view and its first-send reading decide
    // what a picker offers and suggests.
    name: 'rules',
    mutate: [
      'src/rules/rule-engine.ts',
      'src/rules/destination-check.ts',
      'src/rules/destination-rules.ts',
      'src/rules/limit-rules.ts',
      'src/rules/limit-words.ts',
      'src/rules/window-sums.ts',
      'src/rules/send-amount.ts',
      'src/rules/policy-values.ts',
      'src/destinations/destination-view.ts',
      'src/destinations/destination-standing.ts',
      'src/destinations/first-send.ts',
      'src/console-actions/destination-actions.ts',
    ],
    testFiles: [
      'src/rules/*.test.ts',
      'src/destinations/*.test.ts',
      'src/approvals/destination-enforcement.test.ts',
      'src/approvals/limits.test.ts',
      'src/approvals/limit-concurrency.test.ts',
      'src/approvals/policy.test.ts',
      'src/console-actions/*.test.ts',
    ],
  },
  {
    name: 'sign-in',
    mutate: ['src/security/sign-in-throttle.ts', 'src/security/counter-store.ts'],
    testFiles: [
      'src/security/*.test.ts',
      'src/routes/sign-in-abuse.test.ts',
      'src/routes/sign-in-lockout.test.ts',
    ],
  },
  {
    name: 'journal',
    mutate: [
      'src/journal/journal-store.ts',
      // Split out of the store (issue 59): its reads and its single-row statements.
      'src/journal/journal-reads.ts',
      'src/journal/journal-write-one.ts',
      'src/journal/journal-leases.ts',
      'src/journal/journal-outcome.ts',
      'src/journal/journal-writes.ts',
      'src/db/batcher.ts',
    ],
    testFiles: ['src/journal/*.test.ts', 'src/db/*.test.ts'],
  },
];
