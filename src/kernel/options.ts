import * as z from 'zod/mini';

/** Option schemas several plugins share, so every plugin names and bounds them the same way. */
export const pluginOptions = {
  /** Rows fetched per page of a match list (lists load page by page until the last). */
  listPageSize: () => z._default(z.int().check(z.minimum(10), z.maximum(200)), 50),
};
