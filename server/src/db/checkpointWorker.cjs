// Checkpoints the embedded database's WAL from a worker thread (see database.ts startCheckpointer): a PASSIVE
// checkpoint copies committed pages back into the database file and ends in an fsync, which must not stall the event
// loop of the platform. PASSIVE never blocks the writer or readers; pages still in use are left for the next round.
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);

const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('wal_autocheckpoint = 0');
let stopped = false;
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
}, workerData.intervalMs);

parentPort.on('message', (message) => {
  if (message !== 'stop' || stopped) return;
  stopped = true;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
