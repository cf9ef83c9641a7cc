// The community Firestore emulator (@firestore-emulator/server: plain JS, gRPC, no Java), run inside the test's
// own process. Its FirestoreServer.start() binds 0.0.0.0; we build the same server ourselves (the package's
// FirestoreServer constructor: a grpc-js Server with FirestoreServiceV1Impl over one FirestoreState) and bind it
// to 127.0.0.1 on a port the OS picks, so nothing listens beyond this machine and two runs never collide. It
// stops with stop(), and in any case with the process (no child process to leave behind).
// What it does not do like Google's emulator: firebase/communityEmulatorGaps.ts.
import { createRequire } from 'node:module';

/** The emulator's whole state (every project's documents); clear() empties it. */
interface FirestoreState {
  clear(): void;
  v1Query(parent: unknown, query: unknown): unknown[];
}

interface GrpcServer {
  addService(service: unknown, implementation: unknown): void;
  bindAsync(address: string, credentials: unknown, callback: (error: Error | null, port: number) => void): void;
  tryShutdown(callback: (error?: Error) => void): void;
  forceShutdown(): void;
}

interface EmulatorModules {
  FirestoreState: new () => FirestoreState;
  FirestoreServiceV1Impl: { definition: unknown; new (state: FirestoreState): unknown };
  Server: new () => GrpcServer;
  ServerCredentials: { createInsecure(): unknown };
}

/** The package's own modules, and the @grpc/grpc-js it was built with (the service definition must match it). */
function emulatorModules(): EmulatorModules {
  const require = createRequire(import.meta.url);
  const main = require.resolve('@firestore-emulator/server');
  const fromPackage = createRequire(main);
  const { FirestoreState } = fromPackage('./FirestoreState/index.js') as Pick<EmulatorModules, 'FirestoreState'>;
  const { FirestoreServiceV1Impl } = fromPackage('./server/FirestoreServiceV1Impl/index.js') as Pick<
    EmulatorModules,
    'FirestoreServiceV1Impl'
  >;
  const { Server, ServerCredentials } = fromPackage('@grpc/grpc-js') as Pick<
    EmulatorModules,
    'Server' | 'ServerCredentials'
  >;
  return { FirestoreState, FirestoreServiceV1Impl, Server, ServerCredentials };
}

export interface CommunityFirestore {
  /** host:port, for FIRESTORE_EMULATOR_HOST. */
  host: string;
  state: FirestoreState;
  /** Document reads as Firestore bills them, counted from what the emulator answers since the last reset. */
  reads: ReadMeter;
  stop(): Promise<void>;
}

/** Reads billed the way Firestore bills them, counted at the emulator's answers: a query 1 per document it answers
 *  (at least 1, even when it answers none), a get 1 per document asked (found or missing), an aggregation 1 per
 *  1000 documents it covers (at least 1). What the community emulator cannot show: documents an `offset` skips
 *  (it ignores offsets; Firestore bills them) and a query's window cut by a cursor (it ignores cursors, so a
 *  cursor page is counted as the first page: the same number of documents). */
export class ReadMeter {
  total = 0;
  queries = 0;
  reset() {
    this.total = 0;
    this.queries = 0;
  }
  /** The reads of `run` alone (nothing else may run on the emulator meanwhile). */
  async of(run: () => Promise<unknown>): Promise<number> {
    const before = this.total;
    await run();
    return this.total - before;
  }
}

interface StreamCall {
  write(message: unknown): unknown;
  end(): unknown;
}

/** The service with every read answer counted by `meter`. */
function meteredService(Impl: EmulatorModules['FirestoreServiceV1Impl'], state: FirestoreState, meter: ReadMeter) {
  const service = new Impl(state) as Record<string, (call: StreamCall) => void>;
  const counting = (method: string, count: (messages: unknown[]) => number) => {
    const original = service[method].bind(service);
    service[method] = (call: StreamCall) => {
      const messages: unknown[] = [];
      const write = call.write.bind(call);
      const end = call.end.bind(call);
      call.write = (message: unknown) => {
        messages.push(message);
        return write(message);
      };
      call.end = () => {
        meter.queries++;
        meter.total += count(messages);
        return end();
      };
      original(call);
    };
  };
  const field = (m: unknown, name: string) => (m as Record<string, unknown>)[name];
  const present = (m: unknown, name: string) => {
    const v = field(m, name);
    return v !== undefined && v !== null && v !== '';
  };
  counting('RunQuery', (ms) => Math.max(1, ms.filter((m) => present(m, 'document')).length));
  counting('BatchGetDocuments', (ms) => ms.filter((m) => present(m, 'found') || present(m, 'missing')).length);
  // An aggregation: 1 read per 1000 documents it covers (at least 1), measured by running its query on the state.
  const aggregate = service.RunAggregationQuery.bind(service);
  service.RunAggregationQuery = (call: StreamCall) => {
    const request = field(call, 'request');
    const query = field(field(request, 'structured_aggregation_query'), 'structured_query');
    const covered = state.v1Query(field(request, 'parent'), query).length;
    meter.queries++;
    meter.total += Math.max(1, Math.ceil(covered / 1000));
    aggregate(call);
  };
  return service;
}

export async function startCommunityFirestore(): Promise<CommunityFirestore> {
  const { FirestoreState, FirestoreServiceV1Impl, Server, ServerCredentials } = emulatorModules();
  const state = new FirestoreState();
  const server = new Server();
  const reads = new ReadMeter();
  server.addService(FirestoreServiceV1Impl.definition, meteredService(FirestoreServiceV1Impl, state, reads));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    host: `127.0.0.1:${port}`,
    state,
    reads,
    stop: () =>
      new Promise<void>((resolve) => {
        // A client still holding a stream would keep a graceful shutdown waiting: give it a second, then cut.
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 1000);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}
