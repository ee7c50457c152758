// Headless Chromium for the scripts and benches that render a page (the docs' pictures, the
// rendered PR comment, the trends page): where it is, and the flags every run of it takes.
import { existsSync } from 'node:fs';

/** $CHROMIUM, or the first of Debian's and Google's paths that exists; undefined when none does. */
export const chromium =
  process.env.CHROMIUM ??
  ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((path) => existsSync(path));

/** Headless, no sandbox or GPU, none of its own network traffic, and a fresh profile in `profileDir`. */
export function headlessFlags(profileDir) {
  return [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    `--user-data-dir=${profileDir}`,
  ];
}
