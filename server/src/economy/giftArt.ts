/**
 * Drawn pictures of the default catalogue's gifts, by their config glyph (issue 31): an emoji inside SVG shows as a
 * box wherever no emoji font is installed, so the icon route draws these shapes instead. Each is drawn in white (with
 * touches of the gift's colour) inside the 64×64 box, over the gift's coloured disc. A glyph without a picture here
 * (an operator's own) is still written as text.
 */
export const GIFT_ART: Readonly<Record<string, (color: string) => string>> = {
  // Rose: a bloom with a spiral, a stem and a leaf.
  '🌹': (color) =>
    '<path d="M32 33v19" stroke="#fff" stroke-width="3" stroke-linecap="round"/>' +
    '<path d="M32 47c-7 0-11-4-11-9 6 0 10 3 11 9z" fill="#fff"/>' +
    '<circle cx="32" cy="23" r="11" fill="#fff"/>' +
    `<path d="M27 23a5 5 0 1 0 5-5M29.5 23a2.5 2.5 0 1 0 2.5-2.5" stroke="${color}" stroke-width="2" fill="none" stroke-linecap="round"/>`,
  // Thumbs up: the cuff and the fist with its thumb raised.
  '👍': () => '<rect x="17" y="30" width="8" height="18" rx="1.5" fill="#fff"/>' + '<path d="M28 30l7-13c3 0 5 2 4 6l-2 7h9c2.5 0 4 2 3.5 4.5L47 46c-.5 2-2 2-4 2H28z" fill="#fff"/>',
  // Football: the white ball with its black centre panel and seams.
  '⚽': () =>
    '<circle cx="32" cy="32" r="18" fill="#fff"/>' +
    '<polygon points="32,24 39.6,29.5 36.7,38.5 27.3,38.5 24.4,29.5" fill="#222"/>' +
    '<path d="M32 24v-10M39.6 29.5l9-3M36.7 38.5l6 8M27.3 38.5l-6 8M24.4 29.5l-9-3" stroke="#222" stroke-width="2"/>',
  // Trophy: the cup with its handles, stem and base.
  '🏆': () =>
    '<path d="M22 15h20v9c0 8-4 13-10 13s-10-5-10-13z" fill="#fff"/>' +
    '<path d="M22 19h-5c0 6 3 9 6 9M42 19h5c0 6-3 9-6 9" stroke="#fff" stroke-width="3" fill="none"/>' +
    '<rect x="29" y="36" width="6" height="7" fill="#fff"/><rect x="23" y="43" width="18" height="5" rx="1" fill="#fff"/>',
  // Rocket: the body with its window, fins and flame.
  '🚀': (color) =>
    '<path d="M32 11c7 6 9 14 8 25H24c-1-11 1-19 8-25z" fill="#fff"/>' +
    `<circle cx="32" cy="24" r="4" fill="${color}"/>` +
    '<path d="M24 29l-6 11h7zM40 29l6 11h-7z" fill="#fff"/>' +
    '<path d="M27 38h10l-5 13z" fill="#ffb300"/>',
  // Crown: five points on a band, jewels in the gift's colour.
  '👑': (color) =>
    '<path d="M15 42l3-20 8 9 6-14 6 14 8-9 3 20z" fill="#fff"/><rect x="15" y="44" width="34" height="5" rx="1" fill="#fff"/>' +
    `<circle cx="25" cy="37" r="2.5" fill="${color}"/><circle cx="32" cy="35" r="3" fill="${color}"/><circle cx="39" cy="37" r="2.5" fill="${color}"/>`,
};
