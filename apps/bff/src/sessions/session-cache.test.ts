import { describe, expect, it } from 'vitest';
import { createSessionCache, type CachedSession } from './session-cache';

const session = (id: string, username = 'ada'): CachedSession => ({
  id,
  username,
  lastSeenMs: 0,
  endsMs: 1e12,
});

function clocked() {
  let t = 1_000;
  const cache = createSessionCache({ now: () => t, maxAgeMs: 5_000 });
  return { cache, advance: (ms: number) => (t += ms) };
}

describe('the session cache', () => {
  it('keeps what a read found and answers it until it is too old to trust', () => {
    const { cache, advance } = clocked();
    cache.set('h1', session('s1'), cache.epoch());
    expect(cache.get('h1')?.id).toBe('s1');
    advance(4_999);
    expect(cache.get('h1')?.id).toBe('s1');
    advance(1);
    expect(cache.get('h1')).toBeUndefined();
  });

  it('does not keep a read that overlapped a notice: it may predate the end it announced', () => {
    const { cache } = clocked();
    const before = cache.epoch();
    cache.forget('some other session');
    cache.set('h1', session('s1'), before);
    expect(cache.get('h1')).toBeUndefined();
  });

  it('forgets a session by id, leaving the others', () => {
    const { cache } = clocked();
    cache.set('h1', session('s1', 'ada'), cache.epoch());
    cache.set('h2', session('s2', 'ada'), cache.epoch());
    cache.set('h3', session('s3', 'bob'), cache.epoch());
    cache.forget('s1');
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.get('h2')?.id).toBe('s2');
    expect(cache.get('h3')?.id).toBe('s3');
    cache.clear();
    expect(cache.get('h3')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('replaces the entry of a token read again', () => {
    const { cache } = clocked();
    cache.set('h1', { ...session('s1'), lastSeenMs: 1 }, cache.epoch());
    cache.set('h1', { ...session('s1'), lastSeenMs: 2 }, cache.epoch());
    expect(cache.get('h1')?.lastSeenMs).toBe(2);
    expect(cache.size).toBe(1);
    cache.forget('s1');
    expect(cache.size).toBe(0);
  });

  it('tells its listeners of every session forgotten, kept here or not, and of a clear', () => {
    const { cache } = clocked();
    const told: (string | undefined)[] = [];
    const stop = cache.onChange((id) => told.push(id));
    cache.set('h1', session('s1'), cache.epoch());
    cache.forget('s1');
    // Ended in another process: never read here, but a stream here may belong to it.
    cache.forget('s2');
    cache.clear();
    expect(told).toEqual(['s1', 's2', undefined]);
    stop();
    cache.forget('s3');
    expect(told).toHaveLength(3);
  });
});
