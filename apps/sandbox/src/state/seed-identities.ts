import { DEMO_IDS } from '@console/schemas';
import type { SandboxSeed } from '../config';
import { newControl, setIdentityStatus } from './identities';
import type { AccountState, IdentityState } from './store-records';
import type { SandboxState } from './store';

const I = DEMO_IDS.identities;
const A = DEMO_IDS.accounts;
const DAY = 24 * 60 * 60 * 1000;

const person = (first: string, last: string, born: string, nationality: string) => ({
  type: 'PERSON' as const,
  person_details: {
    first_name: first,
    last_name: last,
    date_of_birth: born,
    email: `${first}.${last}@example.com`.toLowerCase(),
    phone_number: '+1 212 555 0100',
    nationality,
    address: { country: 'US', address1: '1 Main Street', city: 'New York', zip_code: '10001' },
  },
});

const institution = (name: string, dba: string) => ({
  type: 'INSTITUTION' as const,
  institution_details: {
    name,
    doing_business_as: dba,
    institution_type: 'CORPORATION',
    email: `ops@${dba.toLowerCase()}.example.com`,
    phone_number: '+1 646 555 0199',
    business_address: { country: 'US', address1: '200 Park Avenue', city: 'New York' },
  },
});

/**
 * The demo's identities: approved people and institutions; carol SELL_ONLY with her KYC refresh
 * pending, erin FROZEN, frank PENDING while the service verifies his id, and dave, PENDING here
 * and DENIED by the history (which records the event).
 */
export function demoIdentities(): NonNullable<SandboxSeed['identities']> {
  return [
    {
      id: I.alice,
      ...person('Alice', 'Moreau', '1988-04-12', 'FR'),
      ref_id: 'seed-identity-alice',
    },
    { id: I.bob, ...person('Bob', 'Okafor', '1979-11-02', 'NG'), ref_id: 'seed-identity-bob' },
    {
      id: I.carol,
      ...person('Carol', 'Jensen', '1991-07-30', 'DK'),
      // Her periodic KYC refresh is overdue: sell-only until she answers it.
      controls: [
        {
          type: 'SELL_ONLY',
          set_by: 'SET_BY_SVC',
          is_overridable: false,
          reason_code: 'COMPLIANCE_KYC',
          reason: 'Periodic KYC refresh overdue',
        },
      ],
      requirements: [
        {
          type: 'KYC_REFRESH',
          errors: [
            {
              code: 'PROOF_OF_ADDRESS_EXPIRED',
              description: 'The proof of address is over a year old',
            },
          ],
          status: 'PENDING',
          awaiting_action_from: 'CLIENT',
        },
      ],
      ref_id: 'seed-identity-carol',
    },
    {
      id: I.dave,
      ...person('Dave', 'Kowalski', '1985-01-19', 'PL'),
      summary_status: 'PENDING',
      requirements: [
        {
          type: 'DOCUMENT_VERIFICATION',
          errors: [
            { code: 'DOCUMENT_UNREADABLE', description: 'The utility bill scan is blurred' },
          ],
          status: 'PENDING',
          awaiting_action_from: 'CLIENT',
        },
      ],
      ref_id: 'seed-identity-dave',
    },
    {
      id: I.erin,
      ...person('Erin', 'Tanaka', '1993-03-08', 'JP'),
      controls: [
        {
          type: 'FROZEN',
          set_by: 'SET_BY_SVC',
          is_overridable: false,
          reason_code: 'LEGAL_ORDER',
          reason: 'Court order freezing the account',
        },
      ],
      ref_id: 'seed-identity-erin',
    },
    {
      id: I.frank,
      ...person('Frank', 'Adeyemi', '2000-09-14', 'GB'),
      summary_status: 'PENDING',
      requirements: [
        { type: 'ID_VERIFICATION', errors: [], status: 'PENDING', awaiting_action_from: 'SVC' },
      ],
      ref_id: 'seed-identity-frank',
    },
    {
      id: I.northwind,
      ...institution('Northwind Trading Ltd', 'Northwind'),
      institution_members: [{ identity_id: I.alice, roles: ['AUTHORIZED_USER'] }],
      ref_id: 'seed-identity-northwind',
    },
    {
      id: I.house,
      ...institution('Console Demo Brokerage LLC', 'ConsoleDemo'),
      ref_id: 'seed-identity-house',
    },
  ];
}

/**
 * Each identity's account; alice's has a profile of its own, northwind's alice as a member. An
 * account's description names what the account is for, never its holder: it is shown whole to
 * every role (issue 67), as the service's own examples use it.
 */
export function demoAccounts(): NonNullable<SandboxSeed['accounts']> {
  return [
    {
      id: A.alice,
      identity_id: I.alice,
      type: 'BROKERAGE',
      description: 'Market making desk',
      profile_id: DEMO_IDS.profiles.marketMaking,
    },
    { id: A.bob, identity_id: I.bob, type: 'BROKERAGE', description: 'Brokerage' },
    { id: A.carol, identity_id: I.carol, type: 'ROTH_IRA', description: 'Roth IRA' },
    { id: A.dave, identity_id: I.dave, type: 'BROKERAGE', description: 'Long-term brokerage' },
    { id: A.erin, identity_id: I.erin, type: 'TRADITIONAL_IRA', description: 'Traditional IRA' },
    { id: A.frank, identity_id: I.frank, type: 'BROKERAGE', description: 'Trading brokerage' },
    {
      id: A.northwind,
      identity_id: I.northwind,
      type: 'BROKERAGE',
      description: 'Northwind Trading: house account',
      members: [{ identity_id: I.alice, roles: ['TRADE'] }],
    },
  ];
}

/**
 * Identities and accounts of a seed, dated at `at(i, count)` in seed order. An identity's
 * `account_ids` make it the primary identity of each of those accounts that names none, or a
 * member of the others.
 */
export function addIdentities(
  state: SandboxState,
  seed: SandboxSeed,
  at: (i: number, count: number) => number,
): void {
  const identities = seed.identities ?? [];
  identities.forEach((i, n) => {
    const time = at(n, identities.length);
    const identity: IdentityState = {
      id: i.id,
      type: i.type ?? 'PERSON',
      summary_status: i.summary_status ?? 'APPROVED',
      controls: [],
      requirements: (i.requirements ?? []).map((r) => ({
        type: r.type,
        errors: (r.errors ?? []).map((e) => ({ ...e })),
        status: r.status ?? 'PENDING',
        ...(r.awaiting_action_from !== undefined
          ? { awaiting_action_from: r.awaiting_action_from }
          : {}),
      })),
      next_control: 0,
      ...(i.person_details ? { person_details: structuredClone(i.person_details) } : {}),
      ...(i.institution_details
        ? { institution_details: structuredClone(i.institution_details) }
        : {}),
      ...(i.institution_members
        ? {
            institution_members: i.institution_members.map((m) => ({
              identity_id: m.identity_id,
              roles: [...(m.roles ?? [])],
            })),
          }
        : {}),
      ...(i.ref_id !== undefined ? { ref_id: i.ref_id } : {}),
      metadata: { ...i.metadata },
      created_at: time,
      updated_at: time,
    };
    identity.controls = (i.controls ?? []).map((c) => newControl(identity, c, time));
    state.identities.set(i.id, identity);
  });
  const accounts = seed.accounts ?? [];
  accounts.forEach((a, n) => {
    const time = at(n, accounts.length);
    state.accounts.set(a.id, {
      id: a.id,
      ...(a.identity_id !== undefined ? { identity_id: a.identity_id } : {}),
      type: a.type ?? 'BROKERAGE',
      ...(a.description !== undefined ? { description: a.description } : {}),
      summary_status:
        a.summary_status ??
        (a.identity_id ? state.identities.get(a.identity_id)?.summary_status : undefined) ??
        'APPROVED',
      ...(a.profile_id !== undefined ? { profile_id: a.profile_id } : {}),
      members: [],
      ...(a.ref_id !== undefined ? { ref_id: a.ref_id } : {}),
      metadata: { ...a.metadata },
      created_at: time,
      updated_at: time,
    });
    for (const m of a.members ?? []) addMember(state.accounts.get(a.id)!, m.identity_id, m.roles);
  });
  for (const i of identities) {
    for (const accountId of i.account_ids ?? []) {
      const account = state.accounts.get(accountId);
      if (!account) continue;
      if (account.identity_id === undefined) account.identity_id = i.id;
      else if (account.identity_id !== i.id) addMember(account, i.id, ['TRADE']);
    }
  }
}

/** A member's id is made from its account and position, so that seeding draws no random ids. */
function addMember(account: AccountState, identityId: string, roles: string[] = []): void {
  const id = `${account.id}-member-${account.members.length + 1}`;
  account.members.push({ id, identity_id: identityId, roles: [...roles] });
}

/** The demo's identity history: dave's application, denied three days before start. */
export function addIdentityHistory(state: SandboxState, now: number): void {
  setIdentityStatus(
    state,
    I.dave,
    { summary_status: 'DENIED' },
    now - 3 * DAY,
    DEMO_IDS.events.daveDenied,
  );
}
