import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { openPglite } from './pglite-db';

/** An archive of a cluster holding one table with one row, as `dumpDataDir` makes it. */
async function archiveWithRow(compression: 'gzip' | 'none'): Promise<Blob> {
  const pg = await PGlite.create('memory://');
  await pg.exec("create table marker (x text); insert into marker values ('from the seed')");
  const archive = await pg.dumpDataDir(compression);
  await pg.close();
  return archive;
}

const freshDir = () => join(mkdtempSync(join(tmpdir(), 'pglite-open-')), 'data');

describe('the embedded cluster on disk', () => {
  it.each(['gzip', 'none'] as const)(
    'starts a new data directory from a %s seed, with what the seed holds',
    async (compression) => {
      const dir = freshDir();
      const db = await openPglite(dir, await archiveWithRow(compression));
      expect(await db.query('select x from marker')).toEqual([{ x: 'from the seed' }]);
      await db.close();
      expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    },
    60_000,
  );

  it('unpacks again over a start that stopped before PG_VERSION, and never over a whole cluster', async () => {
    const dir = freshDir();
    const seed = await archiveWithRow('none');
    const first = await openPglite(dir, seed);
    await first.exec("insert into marker values ('written after the seed')");
    await first.close();
    // A whole cluster is opened as it is: the row written after the seed stays.
    const reopened = await openPglite(dir, seed);
    expect(await reopened.query('select x from marker order by x')).toEqual([
      { x: 'from the seed' },
      { x: 'written after the seed' },
    ]);
    await reopened.close();
    // Without PG_VERSION the cluster is taken as half unpacked: the seed is unpacked over it.
    rmSync(join(dir, 'PG_VERSION'));
    const recovered = await openPglite(dir, seed);
    expect(await recovered.query('select count(*)::int as n from marker')).toEqual([{ n: 1 }]);
    await recovered.close();
    expect(readdirSync(dir)).toContain('PG_VERSION');
  }, 120_000);

  it('runs with caches sized for one console, not a server', async () => {
    const db = await openPglite(freshDir(), await archiveWithRow('gzip'));
    const setting = async (name: string) =>
      (await db.query<{ setting: string }>('select current_setting($1) as setting', [name]))[0]
        ?.setting;
    expect(await setting('shared_buffers')).toBe('16MB');
    expect(await setting('work_mem')).toBe('1MB');
    await db.close();
  }, 60_000);
});
