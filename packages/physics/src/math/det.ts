/** The deterministic elementary functions live in @pyramid/core so the table geometry uses them too. */
export { detExp, sinCosDeg } from '@pyramid/core';
