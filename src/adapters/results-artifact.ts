// The results file as a workflow artifact (@actions/artifact), so that "see the artifact" in the
// report is true and a trusted workflow_run job can re-render a fork PR's results.
import { DefaultArtifactClient } from '@actions/artifact';
import { basename, dirname, sep } from 'node:path';

export interface UploadedArtifact {
  id: number;
  name: string;
  sizeBytes: number;
}

/** A name unique per config and shard within a run: `perfgate-<config file>[-shard-1-of-4]`;
 * `configId` is the config's path relative to the workspace (readConfigId), so that
 * `./perfgate.yml` and `perfgate.yml` name one artifact. */
export function resultsArtifactName(configId: string, shard?: { index: number; count: number }): string {
  // Artifact names may not hold " : < > | * ? \ / and the like.
  const config = configId.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'config';
  return `perfgate-${config}${shard ? `-shard-${shard.index}-of-${shard.count}` : ''}`;
}

/** Uploads `files` (all in the first one's folder or below it) as one artifact; throws with the client's reason. */
export async function uploadResultsArtifact(
  name: string,
  files: string[],
  retentionDays?: number,
): Promise<UploadedArtifact> {
  const root = dirname(files[0] ?? '.');
  const inside = (file: string): boolean => dirname(file) === root || file.startsWith(`${root}${sep}`);
  if (files.some((file) => !inside(file)))
    throw new Error(`the artifact's files must be in ${root} or below it: ${files.map((f) => basename(f)).join(', ')}`);
  const client = new DefaultArtifactClient();
  try {
    const result = await client.uploadArtifact(name, files, root, retentionDays === undefined ? {} : { retentionDays });
    if (result.id === undefined) throw new Error('the artifact service returned no artifact id');
    return { id: result.id, name, sizeBytes: result.size ?? 0 };
  } catch (error) {
    const message = (error as Error).message;
    if (/already exists|conflict/i.test(message)) {
      throw new Error(
        `an artifact named ${name} already exists in this run (two perfgate steps with the same config and shard?): ${message}`,
      );
    }
    // Outside GitHub Actions the client finds no service; @github/local-action's stand-in needs none.
    const hint = process.env.ACTIONS_RUNTIME_TOKEN
      ? ''
      : ' (no ACTIONS_RUNTIME_TOKEN: outside GitHub Actions set upload-results: false)';
    throw new Error(`could not upload the results artifact ${name}: ${message}${hint}`);
  }
}
