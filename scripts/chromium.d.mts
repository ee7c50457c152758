// The types of chromium.mjs (plain JavaScript, for the scripts that run without a build).
export const chromium: string | undefined;
export function headlessFlags(profileDir: string): string[];
