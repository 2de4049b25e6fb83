// CSS modules in jsdom: every class name maps to itself so tests can query by class if they must.
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : String(key)) });
