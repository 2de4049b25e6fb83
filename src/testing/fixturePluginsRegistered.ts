import path from 'node:path';
import { jest } from '@jest/globals';
import type { Plugin } from '../kernel/definePlugin';
import { discoverPlugins } from './discoverPlugins';

/** The folders of fixture plugins laid out like plugins/ (tests/fixtures/plugins/sport-demo, ...). */
export const FIXTURE_PLUGINS_DIR = path.resolve(__dirname, '../../tests/fixtures/plugins');

/**
 * Imported first by a test file (before anything that reads the registry), it makes the fixture folders count as
 * folders of plugins/: the generated plugin list (scripts/plugins/registry.cjs, one import per folder) gets their plugins
 * after the app's, so the registry, the sport catalogue and the sports' names the kernel adds to i18next include them
 * as they would a new plugins/ folder. A module of its own because swc does not hoist `jest.mock` of @jest/globals
 * above a test file's imports.
 */
jest.mock('../kernel/plugins.generated', () => ({
  __esModule: true,
  default: [...jest.requireActual<{ default: Plugin[] }>('../kernel/plugins.generated').default, ...discoverPlugins(FIXTURE_PLUGINS_DIR)],
}));
