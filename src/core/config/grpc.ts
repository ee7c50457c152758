// scenarios.<name>.grpc: a unary gRPC call instead of an HTTP request (docs/config/protocols.md).
// The call becomes the scenario's request template (path `/<service>/<method>`, metadata as
// headers, the message as a JSON body), so that data rows, `${row.x}` templates, the config hash
// and the engine's request source treat it as any request. Whether the proto file exists and
// holds the service, the method and the message's fields is the loader's business (an adapter:
// src/adapters/config-file.ts), since it reads a file.
import { formatPath, quoteValue, type PathKey } from '../paths.js';
import { parseTemplate } from '../template.js';
import type { GrpcCall, RequestTemplate } from '../types/config.js';
import { type Context, type Raw, isRecord, stringMap } from './context.js';

/** The scenario keys that mean nothing to a gRPC call, and what to write instead. */
const NOT_WITH_GRPC: Record<string, string> = {
  request: 'the call is grpc: { service, method, message }; remove request',
  steps: 'flows speak HTTP only; give the gRPC call a scenario of its own',
  setup: 'flows speak HTTP only; give the gRPC call a scenario of its own',
  mix: 'flows speak HTTP only; give the gRPC call a scenario of its own',
  headers: 'gRPC sends metadata; move them to grpc.metadata',
  http: 'gRPC is HTTP/2 always (h2c over http://, h2 over https://); remove http',
  latency: 'a unary answer is one message, so its first byte is its end; remove latency',
  stream: 'streaming RPCs are out of scope; remove stream',
  okStatus:
    'a call is ok when its gRPC status is OK, the other codes are error classes (grpc:NOT_FOUND…); remove okStatus',
};

/** Metadata keys gRPC itself sets or reserves; grpc-js would drop or refuse them. */
const RESERVED_METADATA = /^(grpc-|:)|^(content-type|te|user-agent|host|connection|transfer-encoding)$/;
const METADATA_KEY = /^[0-9a-z_.-]+$/;

/** `scenarios.<name>.grpc` as the call and its request template; undefined (with problems) when it will not do. */
export function buildGrpc(
  ctx: Context,
  path: PathKey[],
  raw: Raw,
  prefix: string,
): { call: GrpcCall; request: RequestTemplate } | undefined {
  const at: PathKey[] = [...path, 'grpc'];
  const grpc = raw.grpc;
  if (!isRecord(grpc)) return undefined;
  // Only what the scenario itself says is refused: a mixed config's defaults (http: 2, latency:
  // ttfb) are for its HTTP scenarios, and a gRPC scenario does not take them.
  for (const [key, fix] of Object.entries(NOT_WITH_GRPC))
    if (raw[key] !== undefined) ctx.problems.add([...path, key], `does not apply to a gRPC scenario: ${fix}`);
  if (prefix !== '')
    ctx.problems.add(
      [...path, 'baseUrl'],
      `has the path ${quoteValue(prefix)}, but a gRPC call's path is /<service>/<method>; give the origin only, like "http://127.0.0.1:50051"`,
    );
  const service = typeof grpc.service === 'string' ? grpc.service.replace(/^\./, '') : undefined;
  const method = typeof grpc.method === 'string' ? grpc.method : undefined;
  if (typeof grpc.proto !== 'string' || service === undefined || method === undefined) return undefined;
  if (/\$\{/.test(service) || /\$\{/.test(method))
    ctx.problems.add(at, 'service and method are fixed names; one scenario calls one method (templates go in message)');

  const metadata = stringMap(grpc.metadata);
  for (const [name, value] of Object.entries(metadata)) {
    const where = [...at, 'metadata', name];
    if (!METADATA_KEY.test(name))
      ctx.problems.add(
        where,
        `${quoteValue(name)} is not a gRPC metadata key; use lower-case letters, digits, "-", "_" and "."`,
      );
    else if (RESERVED_METADATA.test(name))
      ctx.problems.add(where, `${quoteValue(name)} is set by gRPC itself; remove it`);
    else if (name.endsWith('-bin'))
      ctx.problems.add(where, `${quoteValue(name)} is binary metadata, which perfgate does not send; use a text key`);
    ctx.problems.attempt(where, () => parseTemplate(value, formatPath(where)));
  }
  const message = grpc.message === undefined ? {} : grpc.message;
  checkTemplates(ctx, [...at, 'message'], message);
  const call: GrpcCall = { proto: grpc.proto, service, method };
  if (Array.isArray(grpc.includeDirs))
    call.includeDirs = grpc.includeDirs.filter((dir): dir is string => typeof dir === 'string');
  return {
    call,
    request: {
      method: 'POST',
      path: `/${service}/${method}`,
      headers: metadata,
      body: { kind: 'json', value: message },
    },
  };
}

function checkTemplates(ctx: Context, path: PathKey[], node: unknown): void {
  if (typeof node === 'string') ctx.problems.attempt(path, () => parseTemplate(node, formatPath(path)));
  else if (Array.isArray(node)) node.forEach((item, i) => checkTemplates(ctx, [...path, i], item));
  else if (isRecord(node)) for (const [key, value] of Object.entries(node)) checkTemplates(ctx, [...path, key], value);
}
