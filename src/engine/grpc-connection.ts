// Unary gRPC through @grpc/grpc-js, behind the same Connection interface as the HTTP clients: each
// GrpcConnection is one call slot (one call at a time, as the load models expect), and the slots
// of a variant share one grpc-js channel (a client), as a service's real clients do: its calls are
// streams of one HTTP/2 connection. So the closed model's VUs and the open model's maxInFlight
// count calls in flight, and every call is timed by the variant from its intended start.
//
// The request template holds the call (src/core/config/grpc.ts): its path is /<service>/<method>,
// its headers the metadata, its body the message as JSON. Each distinct request is serialized to
// protobuf once (a WeakMap, as the HTTP/2 client caches its headers), so a fixed message costs
// nothing per call; the answer is not decoded (its bytes are counted).
//
// A call that ends with a status other than OK fails with the class `grpc:<CODE>`
// (grpc:UNAVAILABLE, grpc:NOT_FOUND…); a connection that cannot be made is grpc:UNAVAILABLE, as
// gRPC itself reports it, with the reason (refused, TLS) in the class's example.
import { performance } from 'node:perf_hooks';
import type * as GrpcJs from '@grpc/grpc-js';
import type { GrpcCall, ScenarioConfig } from '../core/types/config.js';
import type { ConnectionOwner } from './connection.js';
import { Connection } from './connection.js';
import { grpcMethod, loadedGrpc } from './grpc-proto.js';
import type { DispatchRequest } from './request-builder.js';
import { tlsConnectOptions } from './tls.js';

/** gRPC's status codes by number (grpc/doc/statuscodes.md), for the error classes. */
export const GRPC_STATUS_NAMES = [
  'OK',
  'CANCELLED',
  'UNKNOWN',
  'INVALID_ARGUMENT',
  'DEADLINE_EXCEEDED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
  'UNAUTHENTICATED',
] as const;

/** A call that ended with a status other than OK; `code` is its error class. */
export class GrpcStatusError extends Error {
  override name = 'GrpcStatusError';
  readonly code: `grpc:${string}`;
  constructor(status: number, details: string) {
    const name = GRPC_STATUS_NAMES[status] ?? `STATUS_${status}`;
    // grpc-js ends an unreachable channel's details with its resolver's note, empty for an
    // address given as an IP: "… ECONNREFUSED 127.0.0.1:50051. Resolution note: ".
    const said = details.replace(/\s*Resolution note:\s*$/, '');
    // grpc-js keeps only the words of a failed handshake ("No connection established. Last error:
    // Error: self-signed certificate"), not its code: say it was the certificate, and the fix.
    const certificate =
      name === 'UNAVAILABLE' ? /Last error: (?:Error: )?([^.;]*certificate[^.;]*)/i.exec(said)?.[1] : undefined;
    super(
      certificate !== undefined
        ? `TLS: its certificate was refused (${certificate}); set tls.ca to its CA's PEM file, tls.servername, or tls.insecure: true on loopback`
        : said === ''
          ? name
          : said,
    );
    this.code = `grpc:${name}`;
  }
}

/** The HTTP/2 status of a gRPC answer: the OK calls count under "200" in the status codes. */
const OK_STATUS = 200;

export interface GrpcTarget {
  readonly client: GrpcJs.Client;
  readonly path: string;
  serialize(request: DispatchRequest): Buffer;
  metadata(request: DispatchRequest): GrpcJs.Metadata;
}

const identity = (buffer: Buffer): Buffer => buffer;

/** A variant's channel to `origin` (http: plaintext, https: TLS with the scenario's tls) and its method. */
export function createGrpcTarget(origin: string, scenario: ScenarioConfig, call: GrpcCall): GrpcTarget {
  const { grpc } = loadedGrpc();
  const url = new URL(origin);
  const method = grpcMethod(call);
  let credentials: GrpcJs.ChannelCredentials;
  const options: GrpcJs.ChannelOptions = {
    // The engine times calls out itself (ETIMEDOUT); a slow answer is not to be cut short here.
    'grpc.max_receive_message_length': -1,
    'grpc.max_send_message_length': -1,
    // Without it a channel idle for a while drops its connection, and the next call reconnects.
    'grpc.client_idle_timeout_ms': 2 ** 31 - 1,
    'grpc.enable_retries': 0,
  };
  if (url.protocol === 'https:') {
    const tls = tlsConnectOptions(scenario.tls);
    if (tls.servername !== undefined) options['grpc.ssl_target_name_override'] = tls.servername;
    credentials = grpc.credentials.createFromSecureContext(
      tls.secureContext ?? process.getBuiltinModule('node:tls').createSecureContext(),
      {
        ...(tls.rejectUnauthorized === false
          ? { rejectUnauthorized: false, checkServerIdentity: () => undefined }
          : {}),
      },
    );
  } else credentials = grpc.credentials.createInsecure();
  const client = new grpc.Client(url.host, credentials, options);
  const serialized = new WeakMap<DispatchRequest, Buffer>();
  const metadatas = new WeakMap<DispatchRequest, GrpcJs.Metadata>();
  return {
    client,
    path: method.path,
    serialize(request) {
      let bytes = serialized.get(request);
      if (bytes === undefined) {
        const message: unknown = request.body === null ? {} : JSON.parse(request.body.toString('utf8'));
        bytes = method.requestSerialize(message as object);
        serialized.set(request, bytes);
      }
      return bytes;
    },
    metadata(request) {
      let metadata = metadatas.get(request);
      if (metadata === undefined) {
        metadata = new grpc.Metadata();
        // grpc-js copies the metadata of each call before it adds its own: one object serves all.
        const flat = request.headers;
        for (let i = 0; i < flat.length; i += 2) metadata.add(flat[i]!.toLowerCase(), flat[i + 1] ?? '');
        metadatas.set(request, metadata);
      }
      return metadata;
    },
  };
}

export class GrpcConnection extends Connection {
  private call: GrpcJs.ClientUnaryCall | null = null;
  /** Which call the callback belongs to: one cancelled by a timeout still calls back later. */
  private serial = 0;

  constructor(
    owner: ConnectionOwner,
    private readonly target: GrpcTarget,
  ) {
    super(owner);
  }

  protected write(request: DispatchRequest): void {
    const target = this.target;
    const message = target.serialize(request);
    // The message as sent (protobuf, with gRPC's 5-byte frame), not its JSON template.
    this.bytesOut = message.length + 5;
    const serial = ++this.serial;
    this.call = target.client.makeUnaryRequest(
      target.path,
      identity,
      identity,
      message,
      target.metadata(request),
      {},
      (error: GrpcJs.ServiceError | null, answer?: Buffer) => {
        if (serial !== this.serial || !this.busy) return;
        this.call = null;
        if (error) {
          this.finish(new GrpcStatusError(error.code, error.details));
          return;
        }
        this.status = OK_STATUS;
        this.bytesIn = answer ? answer.length + 5 : 0;
        this.firstByteMs = performance.now();
        this.finish(null);
      },
    );
  }

  private finish(error: Error | null): void {
    this.owner.complete(this, error);
  }

  expire(error: Error): void {
    if (!this.busy) return;
    const call = this.call;
    this.call = null;
    this.serial += 1;
    call?.cancel();
    this.finish(error);
  }

  /** A unary answer is one message: there is no stream to end early. */
  endStream(): void {}

  destroy(): Promise<void> {
    this.target.client.close();
    return Promise.resolve();
  }
}
