#!/usr/bin/env node
// The compiled CLI: an installed dicelab carries dist/ built; in a clone (or a git install)
// `npm install` builds it through the `prepare` script.
import { runCli } from '../dist/cli/main.js';

process.exitCode = await runCli(process.argv.slice(2));
