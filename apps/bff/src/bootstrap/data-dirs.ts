import { join } from 'node:path';

/*
 * Where each kind of embedded data lives under DATA_DIR: named once, for the start, the CLI
 * commands that open the journal, and `sandbox:reset`, which sets both aside.
 */

/** The embedded database (PGlite): journal, sessions, approvals, policy, audit trail. */
export const journalDir = (dataDir: string) => join(dataDir, 'journal');

/** The embedded sandbox's state (ADR 033). */
export const sandboxStateDir = (dataDir: string) => join(dataDir, 'sandbox');
