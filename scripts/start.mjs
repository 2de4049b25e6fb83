// `npm start`: install if needed, build the app, run the platform (which serves the app and the demo host).
import { spawn } from 'node:child_process';
import { buildApp, ensureDependencies, root } from './setup.mjs';

ensureDependencies();
buildApp();

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
