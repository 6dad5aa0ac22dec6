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
  identities: {
    alice: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e401',
    bob: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e402',
  },
  accounts: {
    alice: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f50601',
    bob: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f50602',
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
  depositInstructions: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e501',
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
