/** Exit statuses and defaults shared by the commands (a module with no imports to load). */
import { availableParallelism } from 'node:os';

export const EXIT_OK = 0;
/** A usage error, an unreadable or malformed file, or input the referee or simulator rejects. */
export const EXIT_BAD_INPUT = 2;

/** Worker threads of `pyramid selfplay` unless --workers says otherwise: one per core. */
export const DEFAULT_WORKERS = Math.max(1, availableParallelism());
