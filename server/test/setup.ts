import { afterAll } from '@jest/globals';
import { closeTestApps } from './openApps';

// After each platform test file: close whatever buildTestApp left open, including a platform whose set-up timed out
// and finished building afterwards, so jest always exits (issue 12).
afterAll(closeTestApps, 60_000);
