// A gRPC scenario's .proto: loaded by @grpc/proto-loader for the calls (the serializer of the
// method's request), and checked through protobufjs's reflection (which proto-loader is built on)
// for `perfgate check` and every run: the file, the service, the method, that it is unary, and
// that the message's fields are the request type's. protobufjs's fromObject drops a field it does
// not know without a word, so a misspelt field would send an empty message all run long.
// The libraries are loaded on first use: a run without gRPC never pays for them.
import { dirname, isAbsolute, join } from 'node:path';
import { existsSync } from 'node:fs';
import type * as GrpcJs from '@grpc/grpc-js';
import type * as ProtoLoader from '@grpc/proto-loader';
import type * as Protobuf from 'protobufjs';
import { closestMatch } from '../core/closest-match.js';
import { quoteValue } from '../core/paths.js';
import type { GrpcCall } from '../core/types/config.js';

export interface GrpcLibraries {
  grpc: typeof GrpcJs;
  protoLoader: typeof ProtoLoader;
  protobuf: typeof Protobuf;
}

let libraries: GrpcLibraries | undefined;

export async function loadGrpc(): Promise<GrpcLibraries> {
  if (libraries) return libraries;
  const [grpc, protoLoader, protobuf] = await Promise.all([
    import('@grpc/grpc-js'),
    import('@grpc/proto-loader'),
    import('protobufjs'),
  ]);
  // All three are CommonJS: their module.exports is the default export of the ESM import (and the
  // only export in the split bundle's chunks, dist/chunks/).
  libraries = { grpc: commonJs(grpc), protoLoader: commonJs(protoLoader), protobuf: commonJs(protobuf) };
  return libraries;
}

function commonJs<T>(module: T): T {
  return (module as { default?: T }).default ?? module;
}

export function loadedGrpc(): GrpcLibraries {
  if (!libraries) throw new Error('@grpc/grpc-js is not loaded yet: await loadGrpc() before a gRPC transport');
  return libraries;
}

/** How proto-loader reads messages: the proto's own field names, 64-bit integers and enums as strings. */
const LOADER_OPTIONS = { keepCase: true, longs: String, enums: String, defaults: false, oneofs: true } as const;

/** The proto's folder first, then the includeDirs (absolute by now: the loader resolved them). */
function includeDirsOf(call: GrpcCall): string[] {
  return [dirname(call.proto), ...(call.includeDirs ?? [])];
}

/** The method's serializer and path (the engine's side); loadGrpc() first, and a checked call. */
export function grpcMethod(call: GrpcCall): ProtoLoader.MethodDefinition<object, object> {
  const { protoLoader } = loadedGrpc();
  const definition = protoLoader.loadSync(call.proto, { ...LOADER_OPTIONS, includeDirs: includeDirsOf(call) });
  const service = definition[call.service] as ProtoLoader.ServiceDefinition | undefined;
  const method = service?.[call.method];
  if (!method) throw new Error(`${call.proto} has no method ${call.service}/${call.method}`);
  return method;
}

/**
 * What is wrong with `call` against its proto, one line per problem (each names the key, the
 * value and the fix), where `where(key)` says where a key was written (`scenarios.x.grpc.method`).
 * `message` is the message as written (templates unrendered). loadGrpc() first.
 */
export function grpcCallProblems(call: GrpcCall, message: unknown, where: (key: string) => string): string[] {
  const { protobuf } = loadedGrpc();
  if (!existsSync(call.proto))
    return [
      `${where('proto')} does not exist (${call.proto}); give the .proto file, relative to the config file's folder`,
    ];
  const root = new protobuf.Root();
  const dirs = includeDirsOf(call);
  root.resolvePath = (origin, target) => {
    if (isAbsolute(target)) return target;
    for (const dir of origin ? [dirname(origin), ...dirs] : dirs)
      if (existsSync(join(dir, target))) return join(dir, target);
    return target;
  };
  try {
    root.loadSync(call.proto, { keepCase: true });
    root.resolveAll();
  } catch (error) {
    const message = (error as Error).message.replace(/\s+/g, ' ');
    // protobufjs opens an import it found in no folder by its bare name.
    const missing = /^ENOENT: .*open '([^']+)'/.exec(message)?.[1];
    if (missing !== undefined && !isAbsolute(missing))
      return [
        `${where('proto')} imports "${missing}", which is in none of its folders (${dirs.join(', ')}); add the folder that holds it to grpc.includeDirs`,
      ];
    return [`${where('proto')} does not parse (${message}); fix the file`];
  }
  const services: string[] = [];
  const collect = (namespace: Protobuf.NamespaceBase): void => {
    for (const nested of namespace.nestedArray) {
      if (nested instanceof protobuf.Service) services.push(nested.fullName.replace(/^\./, ''));
      else if (nested instanceof protobuf.Namespace || nested instanceof protobuf.Type) collect(nested);
    }
  };
  collect(root);
  const found = root.lookup(call.service);
  // lookup also finds a service by its bare name in any package; the call's path needs the full one.
  if (!(found instanceof protobuf.Service) || found.fullName.replace(/^\./, '') !== call.service) {
    const near = closestMatch(call.service, services, 4);
    return [
      `${where('service')}: ${quoteValue(call.service)} is not a service of ${call.proto}; ${near ? `did you mean ${quoteValue(near)}? ` : ''}${services.length > 0 ? `its services are ${services.join(', ')} (with their package)` : 'it defines no service'}`,
    ];
  }
  const method = found.methods[call.method];
  const names = Object.keys(found.methods);
  if (!method) {
    const near = closestMatch(call.method, names);
    return [
      `${where('method')}: ${quoteValue(call.method)} is not a method of ${call.service}; ${near ? `did you mean ${quoteValue(near)}? ` : ''}its methods are ${names.join(', ')}`,
    ];
  }
  if (method.requestStream || method.responseStream) {
    const kind =
      method.requestStream && method.responseStream ? 'bidirectional' : method.requestStream ? 'client' : 'server';
    return [
      `${where('method')}: ${quoteValue(call.method)} is a ${kind}-streaming RPC, and perfgate calls unary methods only (one message in, one out); pick a unary method of ${call.service}`,
    ];
  }
  const problems: string[] = [];
  fitMessage(protobuf, method.resolvedRequestType!, message, where('message'), problems);
  return problems.slice(0, 10);
}

/** Whether `value` as written fits `type`; templated strings (`${row.x}`) are taken on trust. */
function fitMessage(
  protobuf: typeof Protobuf,
  type: Protobuf.Type,
  value: unknown,
  at: string,
  problems: string[],
): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(
      `${at}: ${quoteValue(value)} is not a ${type.name} message; write an object of its fields (${fieldList(type)})`,
    );
    return;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const field = type.fields[key];
    const here = `${at}.${key}`;
    if (!field) {
      const near = closestMatch(key, Object.keys(type.fields));
      problems.push(
        `${here}: ${type.name} has no field ${quoteValue(key)}; ${near ? `did you mean ${quoteValue(near)}? ` : ''}its fields are ${fieldList(type)}`,
      );
      continue;
    }
    if (item === null || isTemplate(item)) continue;
    if (field instanceof protobuf.MapField) {
      if (typeof item !== 'object' || Array.isArray(item))
        problems.push(`${here}: ${quoteValue(item)} is not a map; write an object of keys and values`);
      else
        for (const [name, entry] of Object.entries(item)) fitValue(protobuf, field, entry, `${here}.${name}`, problems);
    } else if (field.repeated) {
      if (!Array.isArray(item))
        problems.push(`${here}: ${quoteValue(item)} is not a list, and ${key} is repeated; write [ … ]`);
      else item.forEach((entry, i) => fitValue(protobuf, field, entry, `${here}[${i}]`, problems));
    } else fitValue(protobuf, field, item, here, problems);
  }
}

function fitValue(
  protobuf: typeof Protobuf,
  field: Protobuf.Field,
  value: unknown,
  at: string,
  problems: string[],
): void {
  if (value === null || isTemplate(value)) return;
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) {
    fitMessage(protobuf, resolved, value, at, problems);
    return;
  }
  if (resolved instanceof protobuf.Enum) {
    const names = Object.keys(resolved.values);
    if (
      typeof value === 'string'
        ? !names.includes(value)
        : !(Number.isInteger(value) && Object.values(resolved.values).includes(value as number))
    )
      problems.push(
        `${at}: ${quoteValue(value)} is not a value of the enum ${resolved.name}; use one of ${names.join(', ')}`,
      );
    return;
  }
  const wanted = SCALARS[field.type];
  if (wanted && !wanted.fits(value))
    problems.push(`${at}: ${quoteValue(value)} is not a ${field.type}; write ${wanted.like}`);
}

const isInteger = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^-?\d+$/.test(value));
const isNumber = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));

const INTEGER = { fits: isInteger, like: 'an integer, like 42 (or "42")' };
const SCALARS: Record<string, { fits: (value: unknown) => boolean; like: string }> = {
  double: { fits: isNumber, like: 'a number, like 1.5' },
  float: { fits: isNumber, like: 'a number, like 1.5' },
  int32: INTEGER,
  uint32: INTEGER,
  sint32: INTEGER,
  fixed32: INTEGER,
  sfixed32: INTEGER,
  int64: INTEGER,
  uint64: INTEGER,
  sint64: INTEGER,
  fixed64: INTEGER,
  sfixed64: INTEGER,
  // protobufjs's fromObject takes any truthy value as true ("false" too): only booleans are safe.
  bool: { fits: (value) => typeof value === 'boolean', like: 'true or false, unquoted' },
  string: { fits: (value) => typeof value === 'string', like: 'a string (quote a number: "42")' },
  bytes: { fits: (value) => typeof value === 'string', like: 'the bytes in base64, as a string' },
};

function isTemplate(value: unknown): boolean {
  return typeof value === 'string' && value.includes('${');
}

function fieldList(type: Protobuf.Type): string {
  const names = Object.keys(type.fields);
  return names.length > 0 ? names.join(', ') : 'none';
}
