import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const fixture = path.join(__dirname, 'fixture');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Cruises a folder laid out like the project (src, plugins, server, contract, domain) with the project's own rules. */
function violationsIn(folder: string): string[] {
  let output: string;
  try {
    output = execFileSync(
      process.execPath,
      [path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'json', 'src', 'plugins', 'server', 'contract', 'domain'],
      { cwd: folder, encoding: 'utf8', timeout: 120_000 },
    );
  } catch (error) {
    // dependency-cruiser exits non-zero when it finds violations; its report is still on stdout.
    output = (error as { stdout?: string }).stdout ?? '';
    if (!output) throw error;
  }
  const report = JSON.parse(output) as { summary: { violations: Violation[] } };
  return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to.replace(/^.*node_modules\/([^/]+)\/.*$/, '$1')}`).sort();
}

describe('import boundaries', () => {
  it('reports every planted forbidden import, type-only ones included, and nothing that is allowed', () => {
    expect(violationsIn(fixture)).toEqual([
      'app-imports-feed-profile: plugins/sport-good/menu.ts -> plugins/sport-good/feed.ts',
      'app-imports-feed-profile: src/ui/usesFeed.ts -> plugins/sport-good/feed.ts',
      'app-imports-node: src/ui/usesServer.ts -> fs',
      'app-imports-server: src/ui/usesServer.ts -> server/src/routes.ts',
      'app-imports-test-controls: plugins/sport-good/usesTestControls.test.tsx -> contract/testControls.ts',
      'app-no-circular: src/ui/cycleA.ts -> src/ui/cycleB.ts',
      'contract-imports-code: contract/leaky.ts -> src/core/domain/pure.ts',
      'contract-imports-code: contract/leaky.ts -> src/ui/Panel.tsx',
      'domain-imports-side-effect-libraries: domain/impure.ts -> axios',
      'domain-imports-side-effects: src/core/domain/stateful.ts -> src/ui/Panel.tsx',
      'domain-imports-side-effects: src/features/demo/domain/reachesUi.ts -> src/ui/Panel.tsx',
      'feed-profile-imports-app: plugins/sport-bad/feed.ts -> plugins/sport-bad/index.tsx',
      'plugin-imports-app-internals: plugins/sport-bad/index.tsx -> domain/odds.ts',
      'plugin-imports-app-internals: plugins/sport-bad/index.tsx -> src/ui/Panel.tsx',
      'plugin-imports-plugin: plugins/sport-bad/index.tsx -> plugins/sport-good/index.tsx',
      'sdk-imports-stores-or-services: src/sdk/index.ts -> src/core/store/request.ts',
      'sdk-imports-stores-or-services: src/sdk/index.ts -> src/services/scheduler.ts',
      'server-imports-app: server/src/routes.ts -> src/core/domain/pure.ts',
      'server-imports-app: server/src/routes.ts -> src/ui/Panel.tsx',
      'server-imports-browser-libraries: server/src/view.ts -> react',
      'shared-core-imports-a-feature: src/core/ui/common/usesFeature.ts -> src/features/demo/Card.tsx',
      'shared-domain-imports-a-half: domain/leansOnApp.ts -> src/core/domain/stateful.ts',
    ]);
  });
});
