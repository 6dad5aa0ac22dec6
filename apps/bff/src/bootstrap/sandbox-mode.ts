import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { demoConfig, startSandbox } from '@console/sandbox';
import { MARKETS, type FeeSchedule } from '@console/schemas';
import { keysGenerate } from '../cli/keys-generate';
import { DEMO_AUDIT_KEY_FILE } from '../env';
import type { ScheduleClock } from '../schedules/schedule-clock';
import { describePublicKey } from '../upstream/signing';

/** Reads a file kept in DATA_DIR, or creates it (mode 0600) with `make()` on the first start. */
function keptSecret(file: string, make: () => string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const value = make();
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return value;
}

/**
 * When the sandbox's sample history ends, kept in its state directory: taken before the sandbox
 * seeds itself (its history is dated before its own start). A state kept from before this file
 * existed cannot say where its sample history ended: undefined, nothing is taken for sample.
 */
function keptSampleBefore(stateDir: string): number | undefined {
  const file = join(stateDir, 'sample-history-before');
  if (existsSync(file)) return Date.parse(readFileSync(file, 'utf8').trim());
  if (existsSync(stateDir) && readdirSync(stateDir).length > 0) return undefined;
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const now = Date.now();
  writeFileSync(file, `${new Date(now).toISOString()}\n`, { mode: 0o600 });
  return now;
}

/** An Ed25519 private key (PKCS#8 PEM) kept in `file`, made on the first start. */
async function keptKey(file: string): Promise<string> {
  if (!existsSync(file)) await keysGenerate({ alg: 'EdDSA', out: file }, () => {});
  return readFileSync(file, 'utf8');
}

/** What the BFF needs to talk to the embedded sandbox. */
export interface EmbeddedSandbox {
  url: string;
  clientId: string;
  clientSecret: string;
  signingKey: { pem: string; kid: string };
  /**
   * Unix ms: the sandbox's seeded sample history is dated before this, everything done through
   * it after. Kept beside the sandbox's state, so it lasts as long as the state does and a
   * `sandbox:reset` (which sets the state aside) starts it again.
   */
  sampleBefore: number | undefined;
  /** The sandbox's maker and taker rates, for every market: the demo's fee schedule. */
  feeSchedule: FeeSchedule;
  /** The demo's audit key (PKCS#8 PEM), made when none was configured; else undefined. */
  auditKeyPem: string | undefined;
  /**
   * The sandbox's clock, which `POST /sandbox/clock` moves: in the demo and the e2e the
   * scheduler keeps time by it, so that moving it brings an occurrence due (ADR 034, Later).
   */
  clock: ScheduleClock;
  close(): Promise<void>;
}

/**
 * Sandbox mode: a demo client secret, an Ed25519 signing key and an Ed25519 audit key kept in
 * DATA_DIR (0600, made on the first start; the audit key so that the demo's audit trail is
 * checkpointed and its signatures checked, as a deployment's is, issue 60 item 10), the sandbox started in this process with that key registered and signing
 * required, so that every request is signed from the first one, as against a strict service.
 * With `stateDir` the sandbox's records live there across restarts, as the journal's do.
 */
export async function startEmbeddedSandbox(options: {
  dataDir: string;
  port: number;
  host: string;
  /** A configured key (SVC_SIGNING_KEY_FILE) replaces the generated one. */
  signingKey?: { pem: string; kid: string } | undefined;
  /** Where the sandbox keeps its state across restarts; in memory only without it. */
  stateDir?: string | undefined;
  /** An audit key was configured (AUDIT_SIGNING_KEY_FILE): no demo one is made. */
  auditKeyConfigured?: boolean;
}): Promise<EmbeddedSandbox> {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const clientSecret = keptSecret(join(options.dataDir, 'sandbox-client-secret'), () =>
    randomBytes(24).toString('base64url'),
  );
  let signingKey = options.signingKey;
  if (!signingKey) {
    const pem = await keptKey(join(options.dataDir, 'signing-key.pem'));
    signingKey = { pem, kid: (await describePublicKey(pem)).kid };
  }
  const auditKeyPem = options.auditKeyConfigured
    ? undefined
    : await keptKey(join(options.dataDir, DEMO_AUDIT_KEY_FILE));
  const { publicKeyPem } = await describePublicKey(signingKey.pem);
  const config = demoConfig({
    clientSecret,
    signingKeys: [{ kid: signingKey.kid, public_key_pem: publicKeyPem }],
    signingRequired: true,
  });
  const sampleBefore = options.stateDir ? keptSampleBefore(options.stateDir) : Date.now();
  const started = await startSandbox({
    config,
    port: options.port,
    host: options.host,
    ...(options.stateDir ? { dataDir: options.stateDir } : {}),
  });
  return {
    url: started.url,
    clientId: config.clients[0]!.client_id,
    clientSecret,
    signingKey,
    sampleBefore,
    feeSchedule: Object.fromEntries(
      MARKETS.map((market) => [
        market,
        { maker: config.market.maker_fee_rate, taker: config.market.taker_fee_rate },
      ]),
    ),
    auditKeyPem,
    clock: started.sandbox.clock,
    close: started.close,
  };
}
