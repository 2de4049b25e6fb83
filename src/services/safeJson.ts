export type JsonParseResult = { ok: true; value: unknown } | { ok: false };

/**
 * Parses JSON and says whether it worked. Storage needs this form: with safeJsonParse alone a
 * corrupt value and a stored `{}` would look the same.
 */
export function tryJsonParse(text: string | null | undefined): JsonParseResult {
  if (typeof text !== 'string' || text === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Spec: "Safe JSON parse failure -> empty object". A JSON `null` also yields `{}`, because callers
 * read fields off the result and null would break them just as a parse failure would.
 */
export function safeJsonParse<T = unknown>(text: string | null | undefined): T | Record<string, never> {
  const result = tryJsonParse(text);
  if (!result.ok || result.value === null) return {};
  return result.value as T;
}
