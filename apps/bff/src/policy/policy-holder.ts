/**
 * The policy in force, as this process decides by it (issue 38, ADR 025). Every process reads
 * the number of the version in force once a second, and the version itself when it changed, so
 * that a version approved in one process decides the sends of all of them within a second; the
 * process that applied it reads it at once. A decision names the version it was made under
 * (`ApprovalPolicy.version`), whatever came into force later.
 */
import type { Logger } from 'pino';
import { buildPolicy, type ApprovalPolicy } from '../approvals/policy';
import { PolicyError } from '../approvals/policy-file';
import type { PolicyStore, StoredVersion } from './policy-store';

export interface PolicyHolder {
  /**
   * The policy in force: every member is read from the version known at that moment, so that the
   * modules that were handed it at start decide by the newest without being handed it again.
   */
  readonly live: ApprovalPolicy;
  /** Reads the version in force now (after this process approved one, or on the timer). */
  refresh(): Promise<void>;
  stop(): void;
}

/** The policy a stored version says; a version the code cannot read throws, naming it. */
export function policyOf(version: StoredVersion): ApprovalPolicy {
  try {
    return { ...buildPolicy(version.document), version: version.version };
  } catch (error) {
    if (!(error instanceof PolicyError)) throw error;
    throw new PolicyError(error.problems.map((p) => `policy version ${version.version}: ${p}`));
  }
}

/** A policy whose members are read, at each use, from `current()`. */
export function livePolicy(current: () => ApprovalPolicy): ApprovalPolicy {
  return {
    get version() {
      return current().version;
    },
    get maxWaitMs() {
      return current().maxWaitMs;
    },
    get document() {
      return current().document;
    },
    get limits() {
      return current().limits;
    },
    get coolingOff() {
      return current().coolingOff;
    },
    get testAmounts() {
      return current().testAmounts;
    },
    get passkeys() {
      return current().passkeys;
    },
  };
}

export async function startPolicyHolder(options: {
  store: PolicyStore;
  /** What seeds the first version when the database has none. */
  seed: { document: unknown; source: 'built-in' | 'file' };
  logger: Logger;
  now?: () => number;
  /** How often every process looks for a new version (default 1 s). */
  refreshMs?: number;
}): Promise<PolicyHolder> {
  const { store, logger } = options;
  const now = options.now ?? Date.now;
  const first = await store.seed(options.seed.document, options.seed.source, new Date(now()));
  let current = policyOf(first);
  let reading: Promise<void> | undefined;

  async function read(): Promise<void> {
    const number = await store.inForceNumber();
    if (number === undefined || number === current.version) return;
    const version = await store.inForce();
    if (!version) return;
    try {
      current = policyOf(version);
      logger.info({ policy_version: version.version }, 'a new policy version is in force');
    } catch (error) {
      // Checked when it was proposed and when it was approved: only code older or newer than
      // the version's could fail here. The version before keeps deciding, loudly.
      logger.error({ err: error, policy_version: version.version }, 'policy version unreadable');
    }
  }

  /** One read at a time: a refresh asked during one waits for it and then reads again. */
  const refresh = async () => {
    while (reading) await reading;
    reading = read().finally(() => {
      reading = undefined;
    });
    return reading;
  };

  const timer = setInterval(() => {
    refresh().catch((error: unknown) => logger.warn({ err: error }, 'policy refresh failed'));
  }, options.refreshMs ?? 1000);
  timer.unref();

  return {
    live: livePolicy(() => current),
    refresh,
    stop: () => clearInterval(timer),
  };
}
