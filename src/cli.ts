#!/usr/bin/env node
/**
 * The `delivery-sandbox` executable (package.json's bin, the Dockerfile's command). The command
 * line lives in src/cli/: it is the only code that reads argv and the environment, prints, and exits.
 *
 * This file only turns Node's module compile cache on, then imports the rest: a module's code is
 * compiled before any of it runs, so the cache must be on before the bundle is imported
 * (scripts/bundle.mjs builds this file as a small entry, the rest as chunks beside it).
 */
import { enableCompileCache } from './cli/compile-cache.js';

enableCompileCache();
const { main } = await import('./cli/main.js');
void main(process.argv);
