import { cpus, totalmem } from 'node:os';

/** The machine the figures were taken on: they mean little without it. */
export function describeMachine() {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memory_gib: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

export type Machine = ReturnType<typeof describeMachine>;
