// The types of grpc-server.mjs (plain JavaScript, so that a test can run it as a service process).
import type { ServerCredentials } from '@grpc/grpc-js';

export const USERS_PROTO: string;

export interface GrpcTestServer {
  port: number;
  /** Calls of GetUser, by x-tenant metadata and by the request's depth. */
  seen: { calls: number; tenants: Record<string, number>; depths: Record<string, number> };
  close(): Promise<void>;
  kill(): void;
}

export function startGrpcServer(options?: {
  delayMs?: number;
  port?: number;
  credentials?: ServerCredentials;
}): Promise<GrpcTestServer>;
