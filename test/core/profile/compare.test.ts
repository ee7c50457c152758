import { describe, expect, it } from 'vitest';
import {
  compareProfiles,
  countFunctions,
  dropProcessIds,
  foldCpuProfile,
  foldPerfScript,
  formatFolded,
  parseFolded,
  renderDiffFlameSvg,
  type CpuProfile,
  type FoldedProfile,
} from '../../../src/core/profile/index.js';
import { createRng, type Rng } from '../../../src/core/stats/prng.js';

const HANDLER = 'handle (src/server.js:10)';
const DISCOUNT = 'computeDiscount (src/pricing.js:3)';
const FORMAT = 'formatOrder (src/format.js:8)';
const HASH = 'update (node:internal/crypto/hash:101)';

/** The service's true CPU mix: stack → weight. */
function mix(discountWeight: number): [string, number][] {
  return [
    [`(program)`, 10],
    [`${HANDLER}`, 20],
    [`${HANDLER};${DISCOUNT}`, discountWeight],
    [`${HANDLER};${DISCOUNT};${HASH}`, discountWeight / 2],
    [`${HANDLER};${FORMAT}`, 30],
    [`(garbage collector)`, 5],
  ];
}

/** `samples` draws from a mix, as a 1 ms sampler would take them. */
function sample(weights: [string, number][], samples: number, seed: number | Rng): FoldedProfile {
  const rng = typeof seed === 'number' ? createRng(seed) : seed;
  const sum = weights.reduce((total, [, weight]) => total + weight, 0);
  const profile: FoldedProfile = new Map();
  for (let i = 0; i < samples; i++) {
    let at = rng.next() * sum;
    const found = weights.find(([, weight]) => (at -= weight) < 0) ?? weights.at(-1)!;
    profile.set(found[0], (profile.get(found[0]) ?? 0) + 1);
  }
  return profile;
}

describe('compareProfiles', () => {
  it('names the function made three times costlier first, with its place', () => {
    const base = sample(mix(10), 10_000, 1);
    const head = sample(mix(30), 10_000, 2);
    const { grown, baseSamples, headSamples } = compareProfiles(base, head);
    expect([baseSamples, headSamples]).toEqual([10_000, 10_000]);
    expect(grown[0]?.name).toBe('computeDiscount');
    expect(grown[0]?.location).toBe('src/pricing.js:3');
    // Its hashing calls count as its own: node's module is not named in its place.
    expect(grown.map((entry) => entry.name)).not.toContain('update');
    expect(grown[0]!.ownShare[1]).toBeGreaterThan(grown[0]!.ownShare[0] * 2);
    expect(grown[0]!.head.own).toBeGreaterThan(grown[0]!.base.own * 2);
  });

  it('names nothing when V8 inlined a function into its caller in one variant only (A/A)', () => {
    // The base's formatOrder samples sit on the handler's own line, the head's on formatOrder's.
    const inlined = mix(10)
      .filter(([stack]) => stack !== `${HANDLER};${FORMAT}`)
      .map(([stack, weight]): [string, number] => [stack, stack === HANDLER ? weight + 30 : weight]);
    const base = sample(inlined, 10_000, 20);
    const head = sample(mix(10), 10_000, 21);
    expect(compareProfiles(base, head).grown).toEqual([]);
    // Either way round.
    expect(compareProfiles(head, base).grown).toEqual([]);
  });

  it("names nothing when V8 inlined one of node's own functions in one variant only (A/A)", () => {
    // The response's end, after the handler returned: no frame of the service's own code. A CI run
    // on Node 24 listed `set (node:_http_outgoing:259)` at 0 → 7% of the head's samples (p 1.6e-5),
    // the base's on setHeader's own line.
    const END = 'processTicksAndRejections (node:internal/process/task_queues:105);end (node:_http_outgoing:1143)';
    const SET_HEADER = 'setHeader (node:_http_outgoing:700)';
    const withSet = [
      ...mix(10),
      [`${END};${SET_HEADER}`, 4],
      [`${END};${SET_HEADER};set (node:_http_outgoing:259)`, 8],
    ] as [string, number][];
    const inlined = [...mix(10), [`${END};${SET_HEADER}`, 12]] as [string, number][];
    const base = sample(inlined, 10_000, 24);
    const head = sample(withSet, 10_000, 25);
    expect(compareProfiles(base, head).grown).toEqual([]);
    expect(compareProfiles(head, base).grown).toEqual([]);
  });

  it('lists the caller of a costly function the head added (or inlined nowhere in the base)', () => {
    const base = sample(mix(10), 10_000, 22);
    const head = sample([...mix(10), [`${HANDLER};validateCoupon (src/coupon.js:4)`, 40]], 10_000, 23);
    const { grown } = compareProfiles(base, head);
    expect(grown.map((entry) => entry.name)).toEqual(['handle']);
    expect(grown[0]!.ownShare[1] - grown[0]!.ownShare[0]).toBeGreaterThan(0.15);
  });

  it("names nothing when the head only moved the functions' lines, and gives the head's line", () => {
    const base = sample(mix(10), 10_000, 10);
    const moved = (profile: FoldedProfile): FoldedProfile =>
      new Map([...profile].map(([stack, count]) => [stack.replaceAll('.js:', '.js:1'), count]));
    expect(compareProfiles(base, moved(sample(mix(10), 10_000, 11))).grown).toEqual([]);
    const grown = compareProfiles(base, moved(sample(mix(30), 10_000, 12))).grown;
    expect(grown.map((entry) => entry.frame)).toEqual(['computeDiscount (src/pricing.js:13)']);
  });

  it('never lists a V8 pseudo-frame: one GC pause is hundreds of samples in a row', () => {
    const base = sample(mix(10), 10_000, 13);
    const head = sample(mix(10), 10_000, 14);
    head.set('(garbage collector)', (head.get('(garbage collector)') ?? 0) + 3_000);
    expect(compareProfiles(base, head).grown).toEqual([]);
  });

  it('lists an anonymous function with a place (a handler the JIT inlined a costlier callee into)', () => {
    // V8 inlines a hot callee into its caller: the loop's samples then land on the caller itself.
    const handler = 'parserOnIncoming (node:_http_server:1167);(anonymous) (perf/server.mjs:15)';
    const base: FoldedProfile = new Map([
      [`${handler};computeDiscount (perf/server.mjs:3)`, 142],
      [`${handler};formatPrice (perf/server.mjs:9)`, 11],
    ]);
    const head: FoldedProfile = new Map([
      [`${handler};computeDiscount (perf/server.mjs:3)`, 552],
      [handler, 201],
      [`${handler};formatPrice (perf/server.mjs:9)`, 21],
    ]);
    expect(compareProfiles(base, head).grown[0]?.frame).toBe('(anonymous) (perf/server.mjs:15)');
  });

  it('names nothing when samples only moved between a handler and a callee V8 inlined partly (A/A)', () => {
    // As seen in an A/A run: the handler's own samples 46 → 112 while computeDiscount's fell.
    const handler = 'parserOnIncoming (node:_http_server:1167);(anonymous) (perf/server.mjs:15)';
    const profile = (handlerOwn: number, discount: number): FoldedProfile =>
      new Map([
        [handler, handlerOwn],
        [`${handler};computeDiscount (perf/server.mjs:3)`, discount],
        [`${handler};formatPrice (perf/server.mjs:9)`, 60],
        ['(program)', 10],
      ]);
    expect(compareProfiles(profile(46, 120), profile(112, 54)).grown).toEqual([]);
    expect(compareProfiles(profile(112, 54), profile(46, 120)).grown).toEqual([]);
  });

  it('names nothing when one process of the same build took 1.5–1.8× the samples and V8 inlined into its handler (A/A)', () => {
    // As in two A/A runs of the profile e2e test on a busy machine: the handler's own samples
    // 50 → 165 (its share 26% → 59%) and the handler with what it calls 164 → 249 samples; and
    // 18 → 31 own, 86 → 156 with what it calls.
    const handler = 'parserOnIncoming (node:_http_server:1167);(anonymous) (perf/server.mjs:15)';
    const profile = (handlerOwn: number, discount: number, format: number, other: number): FoldedProfile =>
      new Map([
        [handler, handlerOwn],
        [`${handler};computeDiscount (perf/server.mjs:3)`, discount],
        [`${handler};formatPrice (perf/server.mjs:9)`, format],
        ['(garbage collector)', other],
      ]);
    expect(compareProfiles(profile(50, 80, 34, 30), profile(165, 60, 24, 29)).grown).toEqual([]);
    expect(compareProfiles(profile(18, 48, 20, 12), profile(31, 90, 35, 10)).grown).toEqual([]);
  });

  it("names a costlier callee V8 split between its line and its caller's by its samples (same load)", () => {
    // As in a CI run: computeDiscount 3× costlier read 57% → 59% of the CPU on its own line and the
    // handler 30% → 38%; no share rose enough, but the samples went 122 → 477 at the same load.
    const handler = 'parserOnIncoming (node:_http_server:1167);(anonymous) (perf/server.mjs:15)';
    const profile = (discount: number, handlerOwn: number, writes: number): FoldedProfile =>
      new Map([
        [`${handler};computeDiscount (perf/server.mjs:3)`, discount],
        [handler, handlerOwn],
        [`${handler};end (node:_http_outgoing:1143)`, writes],
        ['(garbage collector)', 8],
      ]);
    const { grown } = compareProfiles(profile(122, 32, 29), profile(477, 292, 13));
    expect(grown.map((entry) => entry.frame)).toEqual(['computeDiscount (perf/server.mjs:3)']);
    // A/A at the same load: no such rise.
    expect(compareProfiles(profile(122, 32, 29), profile(130, 30, 27)).grown).toEqual([]);
  });

  it('names nothing for equal profiles', () => {
    const profile = sample(mix(10), 10_000, 3);
    expect(compareProfiles(profile, profile).grown).toEqual([]);
  });

  // At the default family-wise alpha of 0.001, 200 pairs list 0.2 functions on average.
  it('names nothing in 200 A/A pairs drawn from one mix', () => {
    // One stream for every draw: mulberry32's streams from nearby seeds are not independent.
    const rng = createRng(9);
    let listed = 0;
    for (let pair = 0; pair < 200; pair++) {
      listed += compareProfiles(sample(mix(10), 5_000, rng), sample(mix(10), 5_000, rng)).grown.length;
    }
    expect(listed).toBe(0);
  });

  it('keeps a significant rise below the minimum share off the list, and lists it without the minimum', () => {
    const base = sample(mix(10), 200_000, 4);
    const head = sample(mix(11), 200_000, 5);
    expect(compareProfiles(base, head).grown).toEqual([]);
    const loose = compareProfiles(base, head, { alpha: 0.01, minShareChange: 0 });
    expect(loose.grown[0]?.name).toBe('computeDiscount');
  });

  it('keeps a large rise on too few samples off the list', () => {
    const base: FoldedProfile = new Map([
      [HANDLER, 4],
      [DISCOUNT, 1],
    ]);
    const head: FoldedProfile = new Map([
      [HANDLER, 3],
      [DISCOUNT, 2],
    ]);
    expect(compareProfiles(base, head).grown).toEqual([]);
  });

  it('names nothing when a side has no samples', () => {
    expect(compareProfiles(new Map(), sample(mix(10), 100, 6)).grown).toEqual([]);
  });
});

describe('countFunctions', () => {
  it('counts a recursive frame once per sample in its total', () => {
    const counts = countFunctions(new Map([[`${HANDLER};${DISCOUNT};${DISCOUNT}`, 5]]));
    expect(counts.get('computeDiscount (src/pricing.js)')).toEqual({ own: 5, total: 5, frame: DISCOUNT });
    expect(counts.get('handle (src/server.js)')).toEqual({ own: 0, total: 5, frame: HANDLER });
  });
});

describe('parseFolded', () => {
  it('reads what formatFolded writes, adding repeated stacks', () => {
    const text = `a;b 3\n# a comment\n\na;b 2\nc (x.py:4) 7\n`;
    const profile = parseFolded(text);
    expect([...profile]).toEqual([
      ['a;b', 5],
      ['c (x.py:4)', 7],
    ]);
    expect(parseFolded(formatFolded(profile))).toEqual(profile);
  });

  it('names the line that is not a collapsed stack', () => {
    expect(() => parseFolded('a;b 3\nno count here\n', 'profile/head.folded')).toThrow(
      'profile/head.folded line 2 is not a collapsed stack',
    );
  });
});

describe('dropProcessIds', () => {
  it("drops the pid of every py-spy process frame, python's under sh's too, and nothing else", () => {
    // As a real py-spy --subprocesses recording of `sh -c "python3 server.py"` has them.
    const profile = parseFolded(
      [
        'process 24190:"/bin/sh -c python3 server.py";process 24192:"python3 server.py";do_GET (server.py:29);compute_discount (server.py:6) 45',
        'process 31000:"/bin/sh -c python3 server.py";process 31002:"python3 server.py";do_GET (server.py:29);compute_discount (server.py:6) 5',
        'process 24192:"python3 server.py";process 7 (worker.py:3) 2',
      ].join('\n'),
    );
    expect([...dropProcessIds(profile)]).toEqual([
      [
        'process:"/bin/sh -c python3 server.py";process:"python3 server.py";do_GET (server.py:29);compute_discount (server.py:6)',
        50,
      ],
      ['process:"python3 server.py";process 7 (worker.py:3)', 2],
    ]);
  });
});

describe('foldCpuProfile', () => {
  it("folds V8's samples by stack, with places relative to the root, and leaves (idle) out", () => {
    const profile: CpuProfile = {
      startTime: 0,
      endTime: 5,
      nodes: [
        { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 }, children: [2, 4, 5] },
        {
          id: 2,
          callFrame: { functionName: 'handle', url: 'file:///srv/app/src/server.js', lineNumber: 9 },
          children: [3],
        },
        { id: 3, callFrame: { functionName: '', url: 'file:///srv/app/src/pricing.js', lineNumber: 2 } },
        { id: 4, callFrame: { functionName: '(idle)', url: '', lineNumber: -1 } },
        { id: 5, callFrame: { functionName: 'emit', url: 'node:events', lineNumber: 0 } },
      ],
      samples: [3, 3, 2, 4, 4, 5],
    };
    const { folded, idleSamples } = foldCpuProfile(profile, '/srv/app');
    expect(idleSamples).toBe(2);
    expect([...folded]).toEqual([
      ['handle (src/server.js:10);(anonymous) (src/pricing.js:3)', 2],
      ['handle (src/server.js:10)', 1],
      ['emit (node:events:1)', 1],
    ]);
  });
});

describe('foldPerfScript', () => {
  it('folds perf script samples root first, naming an unknown symbol by its object', () => {
    const text = [
      'orders 4242/4242 1000.000001:     250000 cpu-clock:',
      '\t    55d0c0a0 compute_discount+0x1a (/srv/orders)',
      '\t    55d0c0b0 handle+0x10 (/srv/orders)',
      '\t    7f000000 [unknown] (/usr/lib/libc.so.6)',
      '',
      'orders 4242/4242 1000.000002:     250000 cpu-clock:',
      '\t    55d0c0a0 compute_discount+0x2b (/srv/orders)',
      '\t    55d0c0b0 handle+0x10 (/srv/orders)',
      '\t    7f000000 [unknown] (/usr/lib/libc.so.6)',
      '',
    ].join('\n');
    expect([...foldPerfScript(text)]).toEqual([['[libc.so.6];handle;compute_discount', 2]]);
  });
});

describe('renderDiffFlameSvg', () => {
  it('draws one box per frame wide enough, red for the grown path', () => {
    const svg = renderDiffFlameSvg(sample(mix(10), 5_000, 7), sample(mix(30), 5_000, 8), 'api');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('computeDiscount (src/pricing.js:3): head');
    expect(svg).not.toContain('Y_OF');
    const discount = /<title>computeDiscount[^<]*<\/title><rect [^>]*fill="rgb\((\d+),(\d+),(\d+)\)"/.exec(svg);
    expect(Number(discount?.[1])).toBeGreaterThan(Number(discount?.[3]));
  });
});
