#!/usr/bin/env node
/**
 * The `delivery-sandbox` executable (package.json's bin, the Dockerfile's command). The command
 * line lives in src/cli/: it is the only code that reads argv and the environment, prints, and exits.
 */
import { main } from './cli/main.js';

void main(process.argv);
