// Types for api-docs.mjs, a plain ESM script run after the build, so TypeScript callers are checked.
/** Where the page lives, from the repository root. */
export const API_REFERENCE_FILE: string;
/** docs/api.md for an OpenAPI 3.1 document. */
export function renderApiReference(document: object): string;
