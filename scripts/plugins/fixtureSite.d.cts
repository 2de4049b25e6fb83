/** The folder of fixture plugin folders (PLUGIN_DIRS of the fixture build and the fixture site's platform). */
export const FIXTURE_PLUGIN_DIRS: string;
/** The fixture site's platform root: dist/ (the fixture build) and config/ (written by writeFixtureSiteConfig). */
export const FIXTURE_SITE: string;
/** The fixture build's output: the site's dist/. */
export const FIXTURE_DIST: string;
/** The config line each fixture plugin needs in app.json. */
export const FIXTURE_CONFIG_LINES: readonly { id: string; enabled: boolean }[];
/** PLUGIN_DIRS and DIST_DIR of the fixture build. */
export function fixtureBuildEnv(): { PLUGIN_DIRS: string; DIST_DIR: string };
/** Runs `build` with fixtureBuildEnv(), then writes the plugin registry back for this process's own PLUGIN_DIRS. */
export function buildFixtureSite(build: (env: Record<string, string>) => void): void;
/** Writes the site's config/ (this repository's, FIXTURE_CONFIG_LINES added to app.json); answers the site's root. */
export function writeFixtureSiteConfig(site?: string): string;
