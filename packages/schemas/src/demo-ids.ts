/**
 * Identifiers of the sandbox's demo seed. The operations' examples use them, so an example input
 * is valid against the schemas and succeeds against a freshly started sandbox.
 */
export const DEMO_IDS = {
  customer: '0b7d6a50-3c1e-4c55-9f0a-1d2e3f405060',
  profiles: {
    treasury: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e01',
    trading: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e02',
    payouts: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e03',
    /** Nearly empty (1.00 USD, nothing else): for trying insufficient-funds answers. */
    empty: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e04',
    /** The system's DEFAULT profile (Get Profile `default`). */
    default: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e05',
    /** A trading desk with a history of orders, fills and transfers. */
    marketMaking: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e06',
    /** Client money, with deposit addresses and an orchestration rule. */
    omnibus: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e07',
    /** Deactivated: read only with `include_deactivated`. */
    dormant: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e08',
  },
  /** People and institutions the client acts for; each has an account of the same name. */
  identities: {
    alice: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e401',
    bob: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e402',
    /** APPROVED, with an active SELL_ONLY control. */
    carol: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e403',
    /** DENIED (the seed's history has the event). */
    dave: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e404',
    /** APPROVED, with an active FROZEN control. */
    erin: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e405',
    /** PENDING: still needs a document. */
    frank: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e406',
    /** An institution whose account has alice as a member. */
    northwind: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e407',
    /** The client itself, an institution: the identity of its own deposit instructions. */
    house: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e408',
  },
  /** Each identity's account; alice's has a profile of its own (market-making). */
  accounts: {
    alice: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f50601',
    bob: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f50602',
    carol: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f50603',
    dave: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f50604',
    erin: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f50605',
    frank: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f50606',
    northwind: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f50607',
  },
  fiatAccounts: {
    acme: 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e701',
    globex: 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e702',
    /** An institution's SWIFT wire account. */
    initech: 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e703',
    /** A person's RTP account. */
    hopper: 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e704',
    /** An institution's CBIT account. */
    umbrella: 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e705',
  },
  /** Fiat deposit instructions (VALID) that receive USD over WIRE for treasury. */
  depositInstructions: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e501',
  /** More fiat deposit instructions, of the omnibus profile. */
  fiatDepositInstructions: {
    /** No longer to be given to new payers. */
    deprecated: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e502',
    /** Over DBS ACT: deposits to them are ACT deposits. */
    act: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e503',
  },
  /** The book of crypto addresses that orchestrations pay out to. */
  destinationAddresses: {
    /** APPROVED, bookmarked, the client's own (ETHEREUM). */
    cold: 'c0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a01',
    /** APPROVED, scoped to alice (BITCOIN). */
    alice: 'c0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a02',
    /** PENDING, scoped to bob (ETHEREUM). */
    pending: 'c0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a03',
    /** REJECTED (SOLANA). */
    rejected: 'c0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a04',
  },
  /** The event of dave's identity being denied, in the seed history. */
  events: { daveDenied: 'e0f1a2b3-c4d5-4e6f-9a0b-1c2d3e4f5a01' },
  /** An open limit order (a BTC bid) of the market-making profile, in the seed history. */
  orders: { open: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01' },
  /** The active rule of the omnibus profile that sweeps USDP deposits to USD, in the seed history. */
  rules: { sweep: '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a01' },
  /** The completed 10 000 USD internal transfer (its debit) from market-making to omnibus. */
  transfers: { usd: '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a01' },
  /** The completed payout of 2 500 USD from omnibus to a fiat account. */
  orchestrations: { payout: '2e3d4c5b-6a79-4887-9a6b-5c4d3e2f1a02' },
} as const;

/** A fresh reference id, from the Web Crypto API that browsers and Node share. */
export function newRefId(): string {
  return globalThis.crypto.randomUUID();
}
