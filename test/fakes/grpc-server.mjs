// A gRPC service under test (test/fixtures/grpc/users.proto) on @grpc/grpc-js, loopback, port 0 or
// env PORT: GetUser answers after `delayMs`; an id of "missing" is NOT_FOUND and "down" is
// UNAVAILABLE (answered at once), as a real service's statuses. Plain JavaScript, so that the
// A/B end-to-end test can run it as a service (`node grpc-server.mjs`, env PORT and DELAY_MS)
// and the engine tests can start it in process (startGrpcServer).
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import grpc from '@grpc/grpc-js';
import protoLoader from '@grpc/proto-loader';

export const USERS_PROTO = join(fileURLToPath(new URL('.', import.meta.url)), '../fixtures/grpc/users.proto');

/** Starts the service on 127.0.0.1:`port` (0: a free one). */
export async function startGrpcServer({ delayMs = 0, port = 0, credentials } = {}) {
  const definition = protoLoader.loadSync(USERS_PROTO, { keepCase: true, longs: String, enums: String, oneofs: true });
  const users = grpc.loadPackageDefinition(definition).users.v1.Users;
  const server = new grpc.Server();
  const seen = { calls: 0, tenants: {}, depths: {} };
  server.addService(users.service, {
    GetUser(call, callback) {
      seen.calls += 1;
      const tenant = call.metadata.get('x-tenant')[0];
      if (tenant !== undefined) seen.tenants[tenant] = (seen.tenants[tenant] ?? 0) + 1;
      const depth = call.request.depth ?? 0;
      seen.depths[depth] = (seen.depths[depth] ?? 0) + 1;
      const id = call.request.id;
      if (id === 'missing') return callback({ code: grpc.status.NOT_FOUND, details: `no user ${id}` });
      if (id === 'down') return callback({ code: grpc.status.UNAVAILABLE, details: 'the user store is down' });
      const answer = () => callback(null, { id, name: `user ${id}` });
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    },
    WatchUsers(call) {
      call.end();
    },
  });
  const bound = await new Promise((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${port}`, credentials ?? grpc.ServerCredentials.createInsecure(), (error, actual) =>
      error ? reject(error) : resolve(actual),
    ),
  );
  return {
    port: bound,
    seen,
    close: () => new Promise((resolve) => server.tryShutdown(() => resolve())),
    kill: () => server.forceShutdown(),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await startGrpcServer({ port: Number(process.env.PORT), delayMs: Number(process.env.DELAY_MS ?? 0) });
}
