import { describe, it, expect } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServices } from '../../src/adapters/services.js';

// compare.processes: 8 boots 16 copies in an A/B run, each startServices call guarding its own.
describe('startServices with many copies at once', () => {
  it('adds its signal guards without a MaxListenersExceededWarning and gives the limit back', async () => {
    const logDir = mkdtempSync(path.join(os.tmpdir(), 'perfgate-listeners-'));
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => {
      warnings.push(warning.name);
    };
    process.on('warning', onWarning);
    const limitBefore = process.getMaxListeners();
    const sigintBefore = process.listenerCount('SIGINT');
    try {
      const copies = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          startServices([{ name: `copy${i}`, run: 'sleep 30', env: {}, stopGraceMs: 1000 }], {
            baseDir: logDir,
            logDir,
          }),
        ),
      );
      expect(process.listenerCount('SIGINT')).toBe(sigintBefore + 16);
      await Promise.all(copies.map((copy) => copy.stop()));
      // The warning is emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((name) => name === 'MaxListenersExceededWarning')).toHaveLength(0);
      expect(process.listenerCount('SIGINT')).toBe(sigintBefore);
      expect(process.getMaxListeners()).toBe(limitBefore);
    } finally {
      process.off('warning', onWarning);
      rmSync(logDir, { recursive: true, force: true });
    }
  });
});
