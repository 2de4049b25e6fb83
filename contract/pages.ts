/**
 * The page limits of the list calls. Apart from match.ts's schemas, without zod, so that the app's first download can
 * read them without taking the schemas.
 */
export const MAX_PAGE = 1_000_000;
export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;
