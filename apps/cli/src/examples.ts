/**
 * The example files the help names (records, shots, tables): copied into the package by its build
 * (apps/cli/examples), read from the repository's examples/ when the sources run in the workspace.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const EXAMPLES_ROOT = [
  join(import.meta.dirname, '..', 'examples'),
  join(import.meta.dirname, '..', '..', '..', 'examples'),
].find((dir) => existsSync(join(dir, 'records'))) as string;

/** Where the help's relative example paths (examples/…) are, when the command runs elsewhere. */
export const EXAMPLES_NOTE = `The example files named here (examples/records, examples/shots, examples/tables) ship
with this command, in ${EXAMPLES_ROOT}.`;
