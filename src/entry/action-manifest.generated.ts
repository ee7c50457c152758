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
  'junit-path': '',
  'gitlab-path': '',
  'base-dir': ''
} as const;

export type ActionInputName = keyof typeof ACTION_INPUT_DEFAULTS;

export const ACTION_OUTPUT_NAMES = ['verdict','results-path','report-markdown','regressions','comment-id','comment-url','artifact-id','accepted','mode','baseline','baseline-detail','change-points','trends-path','pages-path'] as const;

// The sub-actions (<name>/action.yml, run by dist/<name>.js): the inputs each declares, which are
// the only ones the runner passes it, and its outputs.
export const SUB_ACTIONS = {
  'report': {
    inputs: ['results','config','github-token','pr-number','fail-on','comment','accept-label','accept-command','slack-webhook-url','slack-token','slack-channel','slack-on','baseline-key','baseline-dir','baseline-branch','junit-path','gitlab-path','network-timeout'],
    outputs: ['verdict','results-path','report-markdown','regressions','comment-id','comment-url','accepted','mode','baseline','baseline-detail'],
  },
  'merge': {
    inputs: ['results','config','github-token','fail-on','comment','save-baseline','upload-results','accept-label','accept-command','comment-on-alert','alert-comment-cc-users','slack-webhook-url','slack-token','slack-channel','slack-on','baseline-key','baseline-dir','baseline-branch','junit-path','gitlab-path','network-timeout'],
    outputs: ['verdict','results-path','report-markdown','regressions','comment-id','comment-url','artifact-id','accepted','mode','baseline','baseline-detail'],
  },
  'trends': {
    inputs: ['config','baseline-key','baseline-dir','baseline-branch','slack-webhook-url','slack-token','slack-channel','network-timeout'],
    outputs: ['report-markdown','change-points','trends-path','pages-path'],
  },
} as const;

export type SubActionName = keyof typeof SUB_ACTIONS;
