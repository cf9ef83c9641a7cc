// One cold start of the Firebase `api` function, as an instance of it does one (bench/startup.ts): load the built
// functions/lib/index.js (what the platform does when an instance starts; FUNCTION_TARGET=api as Cloud Functions
// sets it), then send the first request through the exported handler and time its answer (the app, the Admin SDK
// and the adapters load then, and Firestore's first connection is made), then a second one (warm). Prints one JSON
// line. The Firestore emulator's host comes from the parent (FIRESTORE_EMULATOR_HOST).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const started = performance.now();
const mod = await import(process.env.FUNCTION_ENTRY);
const loaded = performance.now();
const server = http.createServer((req, res) => mod.api(req, res));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}${process.env.FUNCTION_PATH ?? '/api/products'}`;
const asked = performance.now();
const first = await fetch(url);
await first.text();
const answered = performance.now();
const second = await fetch(url);
await second.text();
const warm = performance.now() - answered;
console.log(
  JSON.stringify({
    status: first.status,
    loadMs: loaded - started,
    firstAnswerMs: answered - asked,
    warmAnswerMs: warm,
    // From the process's own start (Node's boot included) to the first answer.
    processToAnswerMs: answered,
  }),
);
server.close();
process.exit(0);
