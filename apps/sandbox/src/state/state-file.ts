import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';

/** The file a sandbox's state lives in, inside its data directory. */
export const STATE_FILE = 'state.json';
/** The process that holds a data directory: `sandbox:reset` refuses while it lives. */
export const OWNER_FILE = 'owner.pid';

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A sandbox's state on disk (ADR 033): the whole state, replaced at once by a temp file, fsync'd,
 * renamed over the old one and the directory fsync'd, so a crash at any instant leaves either the
 * old state or the new one, whole. Saves run one at a time in the order asked; a save of what
 * is already on disk (a read that changed nothing) writes nothing.
 */
export class StateFile {
  readonly file: string;
  private queue: Promise<void> = Promise.resolve();
  /** The last write queued, failures included: a save of the same text shares its outcome. */
  private last: Promise<void> = Promise.resolve();
  /** The digest of the last text queued: what the file holds once the queue is done. */
  private queued: string | undefined;

  constructor(readonly dir: string) {
    this.file = join(dir, STATE_FILE);
  }

  /** The saved text, or undefined on a first start; marks this process as the directory's owner. */
  open(): string | undefined {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(this.dir, OWNER_FILE), `${process.pid}\n`);
    if (!existsSync(this.file)) return undefined;
    const text = readFileSync(this.file, 'utf8');
    this.queued = digest(text);
    return text;
  }

  /**
   * Settles once `text` is on disk (or a later text that includes it). Callers answer only then:
   * an answer given is a change kept.
   */
  save(text: string): Promise<void> {
    const hash = digest(text);
    if (hash === this.queued) return this.last;
    this.queued = hash;
    const write = this.queue.then(() => this.write(text));
    // A failed write fails its own callers; the next save tries afresh, whatever its text.
    this.queue = write.catch(() => {
      if (this.queued === hash) this.queued = undefined;
    });
    this.last = write;
    return write;
  }

  private async write(text: string): Promise<void> {
    const temp = `${this.file}.tmp`;
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, this.file);
    // The rename itself is kept only once the directory's entry is on disk.
    const dir = await open(this.dir, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }
}
