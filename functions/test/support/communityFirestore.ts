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
  stop(): Promise<void>;
}

export async function startCommunityFirestore(): Promise<CommunityFirestore> {
  const { FirestoreState, FirestoreServiceV1Impl, Server, ServerCredentials } = emulatorModules();
  const state = new FirestoreState();
  const server = new Server();
  server.addService(FirestoreServiceV1Impl.definition, new FirestoreServiceV1Impl(state));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    host: `127.0.0.1:${port}`,
    state,
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
