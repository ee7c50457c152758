// Which hosts perfgate may load: loopback, or what allowHosts names.
import { quoteValue, type PathKey } from '../paths.js';
import { fillPort, PORT_STAND_IN } from '../port.js';
import type { Context } from './context.js';

/** 127.0.0.0/8, localhost, ::1 (and ::ffff:127.x.x.x). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host === '::1') return true;
  const ipv4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (ipv4) return ipv4.slice(1).every((octet) => Number(octet) <= 255);
  return /^::ffff:(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|7f[0-9a-f]{2}:[0-9a-f]{1,4})$/.test(host);
}

/** `host` as the URL parser reads it in `http://host/` (lower case, IPv4 in dotted decimal), or undefined when it is none. */
export function canonicalHost(host: string): string | undefined {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return undefined;
  }
}

/** An allowHosts entry is a host name or IP, `*.example.com`, or `host:port`. */
export function isHostAllowed(hostname: string, port: string, allowHosts: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return allowHosts.some((entry) => {
    const allowed = entry.toLowerCase().replace(/^\[(.*)\](:\d+)?$/, '$1$2');
    if (allowed === host || (port !== '' && allowed === `${host}:${port}`)) return true;
    return allowed.startsWith('*.') && host.endsWith(allowed.slice(1));
  });
}

export const REFUSED_HOST =
  'is not a loopback address; perfgate refuses to load-test other hosts unless you list them in allowHosts';

export function checkTargetUrl(ctx: Context, path: PathKey[], value: string): URL | undefined {
  let url: URL;
  try {
    // `${port}` is filled in per variant at run time; a stand-in port lets the rest be checked now.
    url = new URL(fillPort(value, PORT_STAND_IN));
  } catch {
    ctx.problems.add(path, `${quoteValue(value)} is not a URL; use one like "http://127.0.0.1:8080"`);
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    ctx.problems.add(path, `${quoteValue(value)} is not an http(s) URL; use one like "http://127.0.0.1:8080"`);
    return undefined;
  }
  if (url.username || url.password) {
    ctx.problems.add(
      path,
      `${quoteValue(value)} has credentials in it; send them as a header (defaults.headers) instead`,
    );
    return undefined;
  }
  if (!isLoopbackHost(url.hostname) && !isHostAllowed(url.hostname, url.port, ctx.allowHosts)) {
    ctx.problems.add(path, `${quoteValue(value)} ${REFUSED_HOST}`);
    return undefined;
  }
  return url;
}
