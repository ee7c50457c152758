// results.json (and on a PR pr.json) as the artifact perfgate-<config>[-shard-i-of-n], so that the
// report's "see the artifact" is true and a fork's trusted report job can download it.
import * as core from '@actions/core';
import { resultsArtifactName, uploadResultsArtifact } from '../../adapters/results-artifact.js';
import { Outputs } from '../action-inputs.js';
import type { Sink } from './sink.js';

export function resultsArtifact(files: string[]): Sink {
  return {
    what: 'the results artifact',
    wanted: ({ options }) => options.uploadResults,
    async deliver({ options }) {
      const uploaded = await uploadResultsArtifact(resultsArtifactName(options.configPath, options.shard), files);
      core.setOutput(Outputs.artifactId, String(uploaded.id));
      core.info(
        `perfgate: results uploaded as the artifact ${uploaded.name} (id ${uploaded.id}, ${uploaded.sizeBytes} B)`,
      );
    },
    failure: (error) => `perfgate: ${(error as Error).message}; the verdict stands`,
  };
}
