// results.json (and on a PR pr.json) as the artifact perfgate-<config>[-shard-i-of-n], so that the
// report's "see the artifact" is true and a fork's trusted report job can download it.
import * as core from '@actions/core';
import { resultsArtifactName, uploadResultsArtifact } from '../../adapters/results-artifact.js';
import { Outputs, type ActionOptions } from '../action-inputs.js';
import { withDeadline } from '../../adapters/deadline.js';
import type { Sink } from './sink.js';

export function resultsArtifact(files: string[]): Sink {
  return {
    what: 'the results artifact',
    wanted: ({ options }) => options.uploadResults,
    deliver: ({ options }) => uploadResults(options, files),
    failure: (error) => `perfgate: ${(error as Error).message}; the verdict stands`,
  };
}

/** Also a load shard's upload, outside the report sinks: there its failure fails the step (the merge needs it). */
export async function uploadResults(options: ActionOptions, files: string[]): Promise<void> {
  // Bounded like every network step: a hung CreateArtifact or blob PUT (and the client's
  // retries of 500s) must not hold the job until it is killed, before the baseline is saved.
  const uploaded = await withDeadline('the results artifact upload', options.networkTimeoutMs, () =>
    uploadResultsArtifact(resultsArtifactName(options.configId, options.shard), files),
  );
  core.setOutput(Outputs.artifactId, String(uploaded.id));
  core.info(`perfgate: results uploaded as the artifact ${uploaded.name} (id ${uploaded.id}, ${uploaded.sizeBytes} B)`);
}
