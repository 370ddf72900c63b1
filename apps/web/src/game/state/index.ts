/** The headless client state of the game (no DOM, no three.js): see types.ts and reduce.ts. */
export * from './aim.js';
export * from './persist.js';
export * from './practice.js';
export * from './record.js';
export * from './reduce.js';
export * from './rules.js';
export * from './selection.js';
export * from './setup.js';
export * from './summary.js';
export * from './table.js';
export type * from './types.js';
