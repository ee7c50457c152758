// Generated from action.yml by scripts/action-manifest.mjs (npm run build): do not edit.
// Every input with its default as action.yml gives it ('' for none, or for an expression the
// runner fills in), and every output.

export const ACTION_INPUT_DEFAULTS = {
  'config': 'perfgate.yml',
  'github-token': '',
  'slack-webhook-url': '',
  'slack-token': '',
  'slack-channel': '',
  'slack-on': 'always',
  'baseline-key': '',
  'baseline-dir': '',
  'baseline-branch': '',
  'save-baseline': 'auto',
  'fail-on': 'regression',
  'comment': 'always',
  'shard': '',
  'shard-split': 'scenarios',
  'start-at': '',
  'network-timeout': '60s',
  'mode': 'run',
  'results': 'perfgate-results',
  'pr-number': '',
  'upload-results': 'true',
  'comment-on-alert': 'false',
  'alert-comment-cc-users': '',
  'base-ref': '',
  'accept-label': 'perf-accepted',
  'accept-command': '/perfgate accept',
  'profile': '',
  'base-dir': ''
} as const;

export type ActionInputName = keyof typeof ACTION_INPUT_DEFAULTS;

export const ACTION_OUTPUT_NAMES = ['verdict','results-path','report-markdown','regressions','comment-id','comment-url','artifact-id','accepted','mode','baseline','baseline-detail','change-points','trends-path','pages-path'] as const;
