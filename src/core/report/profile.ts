// "Where the time went": a scenario's CPU profiles, base against head (src/core/profile), as the
// PR comment, the job summary and the text report show them under the scenario's verdict.
import type { ProfileResult } from '../types/results.js';
import type { GrownFunction } from '../types/results.js';
import { code, escapeText, table } from './markup/markdown.js';
import { escapeLogText, renderTextTable } from './markup/text.js';

/** Functions shown per service; the results file keeps up to ten. */
export const GROWN_SHOWN = 5;

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

function shareChange(entry: GrownFunction): string {
  const points = (entry.ownShare[1] - entry.ownShare[0]) * 100;
  return `${percent(entry.ownShare[0])} → ${percent(entry.ownShare[1])} (+${points.toFixed(1)} pts)`;
}

function describeProfile(profile: ProfileResult): string {
  const why = profile.trigger === 'regression' ? 'after the verdict, as it regressed' : 'after the verdict';
  return `${profile.kind} profile of ${profile.service}, base and head at once for ${profile.windowMs / 1000} s at this load, ${why}`;
}

function describeRule(profile: ProfileResult): string {
  const rule = profile.rule;
  return rule
    ? `a rise of ${(rule.minShareChange * 100).toFixed(0)} points of the CPU or more, significant at ${rule.alpha} over ${rule.tested} functions`
    : 'the rule';
}

/** Markdown for the PR comment and the job summary; undefined when the scenario was not profiled. */
export function renderProfilesMarkdown(
  profiles: readonly ProfileResult[] | undefined,
  scenario: string,
  link?: { url: string; label: string },
): string | undefined {
  const mine = (profiles ?? []).filter((profile) => profile.scenario === scenario);
  if (mine.length === 0) return undefined;
  const out: string[] = ['**Where the time went**'];
  for (const profile of mine) {
    out.push('');
    if (profile.error) {
      out.push(`⚠️ ${escapeText(describeProfile(profile))}: failed (${escapeText(profile.error)}); the verdict stands`);
      continue;
    }
    const grown = profile.grown ?? [];
    const files = link ? `; flame graph and profiles: [${escapeText(link.label)}](${link.url})` : '';
    out.push(
      `${escapeText(describeProfile(profile))} (${profile.baseSamples ?? 0} → ${profile.headSamples ?? 0} CPU samples${files}):`,
    );
    if (grown.length === 0) {
      out.push('', `No function's share of the CPU grew by ${escapeText(describeRule(profile))}.`);
      continue;
    }
    const rows = [['function', 'where', 'own share of the CPU, base → head', 'samples']];
    for (const entry of grown.slice(0, GROWN_SHOWN)) {
      rows.push([
        code(entry.name),
        entry.location ? code(entry.location) : '–',
        shareChange(entry),
        `${entry.base.own} → ${entry.head.own}`,
      ]);
    }
    out.push('', table(rows, ['l', 'l', 'r', 'r']));
  }
  return out.join('\n');
}

/** Lines for the text report, indented under the scenario. */
export function renderProfilesText(profiles: readonly ProfileResult[] | undefined, scenario: string): string[] {
  const mine = (profiles ?? []).filter((profile) => profile.scenario === scenario);
  const out: string[] = [];
  for (const profile of mine) {
    if (profile.error) {
      out.push(
        `  ⚠ where the time went: ${escapeLogText(describeProfile(profile))}: failed (${escapeLogText(profile.error)}); the verdict stands`,
      );
      continue;
    }
    const grown = profile.grown ?? [];
    out.push(
      `  where the time went (${escapeLogText(describeProfile(profile))}; ${profile.baseSamples ?? 0} → ${profile.headSamples ?? 0} CPU samples):`,
    );
    if (grown.length === 0) {
      out.push(`    no function's share of the CPU grew by ${describeRule(profile)}`);
    } else {
      const rows = [['function', 'where', 'own share, base → head', 'samples']];
      for (const entry of grown.slice(0, GROWN_SHOWN)) {
        rows.push([
          escapeLogText(entry.name),
          escapeLogText(entry.location ?? '–'),
          shareChange(entry),
          `${entry.base.own} → ${entry.head.own}`,
        ]);
      }
      out.push(...renderTextTable(rows, [false, false, true, true], '    '));
    }
    const svg = profile.files?.find((file) => file.endsWith('.diff.svg'));
    if (svg) out.push(`    flame graph: ${escapeLogText(svg)}`);
  }
  return out;
}
