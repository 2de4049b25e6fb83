/**
 * Remembers the texts a pure formatter gave, by a string key, up to `limit` of them (then it starts again empty).
 * For formatters that run on every render of a busy screen: a price or a line is formatted with exact decimals, which
 * costs a few microseconds, and a live list re-renders its prices hundreds of times a second from a small set of
 * values (issue 30's list-updates bench: a third of an odds button's render was decimal.js).
 */
export function textCache(limit = 4096): (key: string, compute: () => string) => string {
  let texts = new Map<string, string>();
  return (key, compute) => {
    let text = texts.get(key);
    if (text === undefined) {
      text = compute();
      if (texts.size >= limit) texts = new Map();
      texts.set(key, text);
    }
    return text;
  };
}
