/**
 * Loaded into the BFF with `--import` by the memory figure: every second it writes where the
 * process's memory is (V8's heap, buffers outside it, and each WebAssembly memory, which is
 * PGlite's heap) to `MEMORY_PROBE_FILE`, so that the figure can say what the resident size is
 * made of. To find the WebAssembly memories it wraps `WebAssembly.Memory` and
 * `WebAssembly.instantiate` (a subclass and a pass-through: what they make is unchanged); the
 * rest only reads.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE;
/** Every WebAssembly memory made or exported (PGlite's heap is made in JavaScript), weakly. */
const memories = [];

const Memory = WebAssembly.Memory;
WebAssembly.Memory = class extends Memory {
  constructor(descriptor) {
    super(descriptor);
    memories.push(new WeakRef(this));
  }
};

function remember(instance) {
  const memory = instance?.exports?.memory;
  const known = memories.some((ref) => ref.deref() === memory);
  if (memory instanceof Memory && !known) memories.push(new WeakRef(memory));
}

const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async function (...args) {
  const result = await instantiate.apply(this, args);
  remember(result instanceof WebAssembly.Instance ? result : result.instance);
  return result;
};

/** Where this process's memory is now, in bytes. */
export function snapshot() {
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(
    getHeapSpaceStatistics().map((space) => [space.space_name, space.space_used_size]),
  );
  const wasm = memories.map((ref) => ref.deref()?.buffer.byteLength ?? 0);
  return { ...usage, spaces, wasm };
}

if (file) {
  // Written beside and renamed over: the figure reads the file while the probe writes it, and a
  // rename is atomic where a write is not (a read could see it empty or half written).
  const timer = setInterval(() => {
    writeFileSync(`${file}.next`, JSON.stringify(snapshot()));
    renameSync(`${file}.next`, file);
  }, 1000);
  timer.unref();
}
