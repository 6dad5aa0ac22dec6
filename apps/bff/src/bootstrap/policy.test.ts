import type { ProposePolicyVersion } from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalApp } from '../../test/approvals-test-kit';
import { testDatabases } from '../../test/databases';
import { echoSuccess, logCollector, scriptedClient } from '../../test/harness';
import type { ApprovalDeps } from '../approvals/approval-deps';
import type { Db } from '../db/db';
import type { UserRecord } from '../operators/users-file';
import { createPolicyStore, documentSha256, documentText } from '../policy/policy-store';
import type { PolicyHolder } from '../policy/policy-holder';
import { proposeChangedFile, startPolicy } from './policy';

/** Internal transfers of USD above `usd` wait for one approver from finance or admin. */
const fileSaying = (usd: string) => ({
  source: 'file' as const,
  document: {
    operations: {
      createInternalTransfer: {
        required: true,
        roles: ['finance', 'admin'],
        required_above: { USD: usd, '*': '0' },
      },
    },
  },
});
const FIRST = fileSaying('1000');

describe.each(testDatabases)('the policy at start on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let second: Db;
  const holders: PolicyHolder[] = [];
  let apps: Awaited<ReturnType<typeof approvalApp>>[];
  /** Two processes on the database (on PGlite, its only one), deciding by the policy in force. */
  const processes = () =>
    apps.map((h) => ({ ...h.deps, policy: holders[0]!.live, now: h.now }) as ApprovalDeps);

  beforeAll(async () => {
    opened = await database.open();
    second = await opened.second();
    apps = [];
    for (const db of new Set([opened.db, second])) {
      // Two admins: a proposal of the policy file needs both (issue 55).
      const users = (list: UserRecord[]) => [
        ...list,
        { ...list.find((u) => u.username === 'admin')!, username: 'admin2' },
      ];
      apps.push(await approvalApp({ client: scriptedClient(echoSuccess).client, db, users }));
    }
  });
  afterAll(async () => {
    for (const holder of holders) holder.stop();
    await opened.close();
  });

  const store = () => createPolicyStore(opened.db);
  const proposals = async () => (await store().proposals()).filter((e) => e.operator === 'console');
  const claims = async () =>
    (
      await opened.db.query<{ name: string }>(
        `select name from console_settings where name like 'policy-file-proposed:%' order by name`,
      )
    ).map((row) => row.name);
  const claimOf = (file: { document: unknown }) =>
    `policy-file-proposed:${documentSha256(documentText(file.document))}`;

  it('seeds one first version from the file when two processes start at once on an empty database', async () => {
    const { logger } = logCollector();
    const started = await Promise.all(
      [opened.db, second].map((db) => startPolicy(db, FIRST, logger)),
    );
    holders.push(...started.map((s) => s.holder));
    const versions = await store().list();
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      version: 1,
      source: 'file',
      based_on: null,
      document: FIRST.document,
      superseded_at: null,
    });
    // Each process decides by the version in the database.
    expect(started.map((s) => s.holder.live.version)).toEqual([1, 1]);

    // A later start with another file keeps the version in force: the file is only proposed.
    const later = await startPolicy(second, fileSaying('5'), logger);
    holders.push(later.holder);
    expect(later.holder.live.version).toBe(1);
    expect((await store().inForce())?.document).toEqual(FIRST.document);
  });

  it('proposes nothing for the built-in policy, nor for the file in force', async () => {
    const { logger, lines } = logCollector();
    const deps = processes()[0]!;
    await proposeChangedFile(deps, store(), { source: 'built-in', document: {} }, logger);
    await proposeChangedFile(deps, store(), FIRST, logger);
    expect(await proposals()).toEqual([]);
    expect(await claims()).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('proposes a changed file once, in the console’s name, however many processes start with it', async () => {
    const changed = fileSaying('250');
    const { logger, lines } = logCollector();
    const starts = [...processes(), ...processes()].map((deps) =>
      proposeChangedFile(deps, createPolicyStore(deps.approvals.db), changed, logger),
    );
    await Promise.all(starts);
    // And again at the next start.
    await proposeChangedFile(processes()[0]!, store(), changed, logger);

    const found = await proposals();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      operation: 'proposePolicyVersion',
      state: 'AWAITING_APPROVAL',
      operator: 'console',
      operator_name: 'The policy file',
    });
    const body = JSON.parse(found[0]!.request_body) as ProposePolicyVersion;
    expect(body).toMatchObject({ document: changed.document, based_on: 1 });
    expect(body.reason).toContain('version 1, in force');
    // Held for two admins: nothing changed in force.
    expect(await processes()[0]!.approvals.request(found[0]!.id)).toMatchObject({
      approvers_needed: 2,
      eligible_roles: ['admin'],
    });
    expect((await store().inForce())?.version).toBe(1);
    expect(await claims()).toEqual([claimOf(changed)]);
    expect(lines.filter((line) => line.includes('proposed as a new version'))).toHaveLength(1);
  });

  it('leaves the claim of a file nobody could approve for the next start, logging why', async () => {
    const changed = fileSaying('75');
    const { logger, lines } = logCollector();
    const before = (await proposals()).length;
    const deps = processes().at(-1)!;
    // No operator holds the admin role: the proposal could never be approved.
    const noAdmins = {
      ...deps,
      directory: {
        find: (username: string) => deps.directory.find(username),
        list: () => deps.directory.list().filter((u) => u.role !== 'admin'),
      },
    };
    await proposeChangedFile(noAdmins, store(), changed, logger);
    expect(await proposals()).toHaveLength(before);
    expect(await claims()).not.toContain(claimOf(changed));
    expect(lines.filter((line) => line.includes('could not be proposed'))).toHaveLength(1);

    // The next start, with an admin again, proposes it.
    await proposeChangedFile(deps, store(), changed, logger);
    expect(await proposals()).toHaveLength(before + 1);
    expect(await claims()).toContain(claimOf(changed));
  });
});
