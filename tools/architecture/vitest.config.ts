import { defineConfig } from 'vitest/config';

// Linting the repository with every rule takes a while on a shared machine.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], testTimeout: 120_000 } });
