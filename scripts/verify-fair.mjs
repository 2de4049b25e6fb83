// `node scripts/verify-fair.mjs <recordId> [platform URL] [--uid <uid>]`: checks a room event's provably fair proof
// (docs/api.md "Provably fair"). It fetches the proof from the platform (default http://127.0.0.1:${PORT:-8080}, or
// PLATFORM_URL), checks that SHA-256 of the revealed seed is the hash published before the event, and recomputes
// with domain/fair.ts, the code the platform drew with: a lottery's winners from the seed and the closed entry list
// (under hmac-sha256-v2 the list must also hash to the published entriesHash the draw was keyed with), or a rain's
// envelopes and, under v2, that every envelope was taken the way its receiver's ticket says. `--uid` also checks that
// this member is in the entry list (a lottery) or among the receivers (a rain). Exits 0 when everything matches, 1 when
// something does not, 2 on a usage or network error.
import { tsImport } from 'tsx/esm/api';

const { checkRainReceipts, drawWinners, entriesHashOf, seedHashOf, splitRain } = await tsImport('../domain/fair.ts', import.meta.url);
const { ECONOMY_PATHS, FairAlgorithm } = await tsImport('../contract/economyCodes.ts', import.meta.url);

const args = process.argv.slice(2);
const uidAt = args.indexOf('--uid');
const uid = uidAt >= 0 ? Number(args[uidAt + 1]) : undefined;
const [recordArg, urlArg] = uidAt >= 0 ? args.filter((_, i) => i !== uidAt && i !== uidAt + 1) : args;
const recordId = Number(recordArg);
if (!Number.isSafeInteger(recordId) || recordId < 1 || (uid !== undefined && !Number.isSafeInteger(uid))) {
  console.error('usage: node scripts/verify-fair.mjs <recordId> [platform URL] [--uid <uid>]');
  process.exit(2);
}
const base = (urlArg ?? process.env.PLATFORM_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`).replace(/\/$/, '');

let proof;
try {
  const res = await fetch(`${base}${ECONOMY_PATHS.fairProof}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ recordId }) });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`${res.status} ${body.msg}`);
  proof = body.data;
} catch (error) {
  console.error(`cannot fetch the proof of event ${recordId} from ${base}: ${error.message}`);
  process.exit(2);
}

const kinds = { 1: 'live lottery', 3: 'red-envelope rain', 4: 'answer lottery' };
const v2 = proof.algorithm === FairAlgorithm.V2;
console.log(`event ${recordId}: ${kinds[proof.kind] ?? `kind ${proof.kind}`}, algorithm ${proof.algorithm}`);
console.log(`  seed hash (published before it started) ${proof.seedHash}`);
if (proof.seed === null) {
  console.log('  not finished: the seed is revealed when it ends; nothing to verify yet');
  process.exit(0);
}
const checks = [];
const check = (what, ok, detail = '') => {
  checks.push(ok);
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
};

check('SHA-256 of the revealed seed is the published hash', (await seedHashOf(proof.seed)) === proof.seedHash, proof.seed);
if (proof.kind === 3) {
  const budgetMinor = Math.round(Number(proof.budget) * 100);
  const split = await splitRain(proof.seed, recordId, budgetMinor, proof.envelopes.length);
  const amounts = split.map((a) => (a / 100).toFixed(2));
  check(`the ${proof.envelopes.length} envelopes are the split of ${proof.budget} from the seed`, JSON.stringify(amounts) === JSON.stringify(proof.envelopes));
  const sum = proof.envelopes.reduce((s, a) => s + Math.round(Number(a) * 100), 0);
  check('the envelopes add up to the budget exactly', sum === budgetMinor, `${(sum / 100).toFixed(2)} of ${proof.budget}`);
  check('no member received two envelopes', new Set(proof.entries).size === proof.entries.length, `${proof.entries.length} received`);
  if (v2) {
    const problems = await checkRainReceipts(proof.seed, recordId, split, proof.receipts);
    check(`each of the ${proof.receipts.length} envelopes taken is the one its receiver's ticket gives`, problems.length === 0, problems.join('; '));
  }
  if (uid !== undefined) check(`member ${uid} is among the receivers`, proof.entries.includes(uid));
} else {
  if (v2) {
    const hash = await entriesHashOf(proof.entries);
    check(`the ${proof.entries.length} entries hash to the entry list hash the draw was keyed with`, hash === proof.entriesHash, hash);
  }
  if (uid !== undefined) check(`member ${uid} is in the closed entry list`, proof.entries.includes(uid));
  const winners = await drawWinners(proof.algorithm, proof.seed, recordId, proof.entries, proof.winnerCount);
  check(`the winners drawn from the ${proof.entries.length} entries are the published ones`, JSON.stringify(winners) === JSON.stringify(proof.winners), winners.join(', ') || 'none');
}
process.exit(checks.every(Boolean) ? 0 : 1);
