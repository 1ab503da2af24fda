import { defineConfig } from 'vitest/config';

/**
 * The checks that need a Docker engine and the built image (scripts/testcontainers-check.sh,
 * which docker-check runs after the build): `npm test` never runs them.
 */
export default defineConfig({
  test: {
    include: ['test/docker/**/*.docker.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
