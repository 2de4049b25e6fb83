// Import boundaries between the layers (docs/architecture.md, "Layers"). Checked by `npm test` (scripts/test.mjs,
// stage "import boundaries"); scripts/boundaries/boundaries.test.ts proves each rule fails on a planted import.
// Paths are relative to the folder cruised from, so the same rules check the tree and the fixtures.

/** Libraries of the browser half: the platform uses none; the pure domain uses none of them nor axios. */
const BROWSER_LIBRARIES = ['react', 'react-dom', 'mobx', 'mobx-react-lite', 'mobx-state-tree', 'i18next', 'react-i18next', 'reconnecting-websocket', 'hls\\.js', 'mpegts\\.js', 'qiankun', 'wouter'];
/** Tests and the helpers only tests import: they run in jest on Node, never in the browser or the platform. */
/** The app's own pure code: the core's domain folder and each feature's. */
const APP_DOMAIN = '^src/(core/|features/[^/]+/)domain/';
const TEST_CODE = ['\\.test\\.tsx?$', '^src/testing/', '^src/sdk/testing', '^server/test/'];
const inNodeModules = (names) => `(^|/)node_modules/(${names.join('|')})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'app-imports-server',
      comment: 'The app and its plugins run in the browser; the platform is reached over HTTP and the contract only '
        + '(test fixtures built by the platform\'s own helpers, such as src/testing/matchDataFixtures.ts, may import it).',
      severity: 'error',
      from: { path: '^(src|plugins|contract|domain)/', pathNot: TEST_CODE },
      to: { path: '^server/' },
    },
    {
      name: 'server-imports-app',
      comment: 'The platform shares the contract and the shared domain (domain/) with the app, and reads plugins\' static '
        + 'manifests and feed profiles; nothing of src/ (a test proving both halves agree, such as '
        + 'server/test/potentialReturn.test.ts, may).',
      severity: 'error',
      from: { path: '^server/', pathNot: TEST_CODE },
      to: { path: '^(src|plugins)/', pathNot: ['^plugins/[^/]+/(manifest|feed)\\.ts$'] },
    },
    {
      name: 'app-imports-feed-profile',
      comment: 'A sport plugin\'s feed profile (plugins/<id>/feed.ts: leagues, rates, simulator) is the platform\'s to read: '
        + 'the app and the plugins\' own code never import it, so no bundle carries it.',
      severity: 'error',
      from: { path: '^(src|plugins|contract|domain)/', pathNot: TEST_CODE },
      to: { path: '^plugins/[^/]+/feed\\.ts$' },
    },
    {
      name: 'feed-profile-imports-app',
      comment: 'The platform runs a plugin\'s feed.ts: it imports the SDK\'s feed entry (src/sdk/feed.ts) and its own '
        + 'manifest only, never the plugin\'s code or the rest of the app.',
      severity: 'error',
      from: { path: '^plugins/([^/]+)/feed\\.ts$' },
      to: { pathNot: ['^src/sdk/feed\\.ts$', '^plugins/$1/manifest\\.ts$'] },
    },
    {
      name: 'server-imports-browser-libraries',
      comment: 'No React or browser state library in the platform.',
      severity: 'error',
      from: { path: '^server/', pathNot: TEST_CODE },
      to: { path: inNodeModules(BROWSER_LIBRARIES) },
    },
    {
      name: 'plugin-imports-app-internals',
      comment: 'A plugin sees the app only through the SDK (src/sdk) and the contract; the shared domain reaches it through the SDK.',
      severity: 'error',
      from: { path: '^plugins/' },
      to: { path: '^(src|domain)/', pathNot: '^src/sdk/' },
    },
    {
      name: 'sdk-imports-stores-or-services',
      comment: 'The SDK is a surface written for plugins (issue 30): the types a plugin uses are its own (src/sdk/services.ts, '
        + 'matchData.ts, ...), which the app\'s stores and services extend or are checked against, and the request '
        + 'primitive lives in it; it neither re-exports nor imports the app\'s state or service modules. Its testing '
        + 'entry, which hands plugin tests the app\'s real scheduler and match-data store, may.',
      severity: 'error',
      from: { path: '^src/sdk/', pathNot: TEST_CODE },
      to: { path: '^src/(core/store|services)/' },
    },
    {
      name: 'plugin-imports-plugin',
      comment: 'Plugins do not know each other: what they share lives in the SDK.',
      severity: 'error',
      from: { path: '^plugins/([^/]+)/' },
      to: { path: '^plugins/', pathNot: '^plugins/$1/' },
    },
    {
      name: 'app-imports-test-controls',
      comment: 'The test controls (TEST_CONTROLS, issue 27) exist only on a platform started for tests: the app, its '
        + 'plugins (tests included) and the rest of the contract never import their schemas; only the platform\'s '
        + 'routes and the test suites do.',
      severity: 'error',
      from: { path: '^(src|plugins|contract|domain)/', pathNot: '^contract/testControls\\.ts$' },
      to: { path: '^contract/testControls\\.ts$' },
    },
    {
      name: 'app-imports-node',
      comment: 'Browser code cannot use Node\'s built-in modules (tests and their helpers, which run in jest, may).',
      severity: 'error',
      from: { path: '^(src|plugins|contract|domain)/', pathNot: TEST_CODE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'contract-imports-code',
      comment: 'The contract is schemas: zod, other contract files and the shared domain (domain/) both halves use.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { pathNot: ['^contract/', '^domain/', 'node_modules/zod/'] },
    },
    {
      name: 'shared-domain-imports-a-half',
      comment: 'The shared domain (domain/) is what the app and the platform both run: it imports neither of them, '
        + 'only libraries and the contract\'s enums and wire types.',
      severity: 'error',
      from: { path: '^domain/', pathNot: TEST_CODE },
      to: { path: '^(src|plugins|server)/' },
    },
    {
      name: 'domain-imports-side-effects',
      comment: 'The app\'s domain code (src/core/domain, and a feature\'s own domain/ folder) is pure functions over '
        + 'values: no services, stores, UI or I/O; it may use other app domain code.',
      severity: 'error',
      from: { path: APP_DOMAIN, pathNot: TEST_CODE },
      to: { path: ['^src/(?!(core/|features/[^/]+/)domain/)', '^plugins/'] },
    },
    {
      name: 'shared-core-imports-a-feature',
      comment: 'The shared components (src/core/ui/common) and the app\'s core domain are what features build on: they '
        + 'import no feature (the shell that composes the features, src/core/store/RootStore.ts and src/core/ui, may).',
      severity: 'error',
      from: { path: '^src/core/(ui/common|domain)/', pathNot: TEST_CODE },
      to: { path: '^src/features/' },
    },
    {
      name: 'domain-imports-side-effect-libraries',
      severity: 'error',
      from: { path: [APP_DOMAIN, '^domain/'], pathNot: TEST_CODE },
      to: { path: inNodeModules(['axios', ...BROWSER_LIBRARIES]) },
    },
    {
      name: 'app-no-circular',
      comment: 'No import cycles in the app (issue 30 broke betSlip <-> slipSeries and matchData <-> footballEvents): '
        + 'a cycle means two modules are one; what both need moves to the one that does not need the other.',
      severity: 'error',
      from: { path: '^src/' },
      // The plugin registry imports every plugin, and plugins import the SDK: that loop is the kernel's design (the
      // plugins' code loads behind lazy imports), not two modules that should be one.
      to: { circular: true, viaNot: '^src/kernel/plugins\\.generated\\.ts$' },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API for dependency-cruiser to parse with: babel strips the types instead.
    babelConfig: { fileName: require('node:path').join(__dirname, 'scripts/boundaries/babel.cjs') },
    doNotFollow: { path: 'node_modules' },
    // node_modules is not excluded (that would hide imports of libraries), only not followed.
    exclude: { path: '^(dist|test-results)/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'] },
    moduleSystems: ['es6', 'cjs'],
  },
};
