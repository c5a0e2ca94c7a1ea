/**
 * The house rules over the imports, read from the source files themselves:
 * the layers' dependency rule, the feature rule, and no import circles. A
 * rule broken here is named with the file and the import that breaks it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = path.posix.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...sourceFiles(rel));
    else if (name.endsWith('.ts')) out.push(rel);
  }
  return out;
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

function edgesOf(file: string): Edge[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const edges: Edge[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[3]!;
    if (!spec.startsWith('.')) continue;
    const to = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    edges.push({ from: file, to, typeOnly: m[2] !== undefined });
  }
  return edges;
}

const files = [...sourceFiles('src'), ...sourceFiles('handlers')];
const edges = files.flatMap(edgesOf);
const under = (file: string, dir: string) => file.startsWith(`${dir}/`);
const show = (e: Edge) => `${e.from} -> ${e.to}`;

describe('the dependency rule', () => {
  it('reads the source tree (a rule over nothing would pass by itself)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(edges.length).toBeGreaterThan(100);
    for (const e of edges) expect(files, show(e)).toContain(e.to);
  });

  it('src/provider/ and src/simulator/ import nothing else of the project', () => {
    const broken = edges.filter(
      (e) =>
        (under(e.from, 'src/provider') && !under(e.to, 'src/provider')) ||
        (under(e.from, 'src/simulator') && !under(e.to, 'src/simulator') && !under(e.to, 'src/provider')),
    );
    // The simulator speaks the spec, not the client: it may not lean on the client's code either.
    const simToClient = edges.filter((e) => under(e.from, 'src/simulator') && under(e.to, 'src/provider'));
    expect([...broken, ...simToClient].map(show)).toEqual([]);
  });

  it('nothing imports handlers/ but src/main.ts', () => {
    const broken = edges.filter(
      (e) => under(e.to, 'handlers') && !under(e.from, 'handlers') && e.from !== 'src/main.ts',
    );
    expect(broken.map(show)).toEqual([]);
  });

  it('src/compose/ builds the parts for src/main.ts alone, and never reaches handlers/', () => {
    const broken = edges.filter(
      (e) =>
        (under(e.to, 'src/compose') && !under(e.from, 'src/compose') && e.from !== 'src/main.ts') ||
        (under(e.from, 'src/compose') && under(e.to, 'handlers')),
    );
    expect(broken.map(show)).toEqual([]);
  });

  it('src/sandbox/ is a composition root like src/main.ts: nothing imports it', () => {
    const broken = edges.filter((e) => under(e.to, 'src/sandbox') && !under(e.from, 'src/sandbox'));
    expect(broken.map(show)).toEqual([]);
  });

  it('src/sandbox/ starts the product through src/main.ts and reaches only the simulator beside it', () => {
    // The sandbox drives the real app from outside, as Slack and an operator would: it may
    // configure and start it, never reach into a layer (and so never change what the bot does).
    const allowed = (to: string) =>
      under(to, 'src/sandbox') ||
      under(to, 'src/simulator') ||
      ['src/main.ts', 'src/config.ts', 'src/log.ts', 'src/clock.ts'].includes(to);
    const fromSandbox = edges.filter((e) => under(e.from, 'src/sandbox'));
    expect(fromSandbox.some((e) => e.to === 'src/main.ts')).toBe(true);
    expect(fromSandbox.filter((e) => !allowed(e.to)).map(show)).toEqual([]);
  });

  it('arrows point down: store < services, watch < slack < workers < handlers', () => {
    const above: Record<string, string[]> = {
      'src/store': [
        'src/services',
        'src/watch',
        'src/slack',
        'src/workers',
        'src/metrics',
        'handlers',
        'src/main.ts',
      ],
      'src/services': ['src/watch', 'src/slack', 'src/workers', 'src/metrics', 'handlers', 'src/main.ts'],
      'src/watch': ['src/services', 'src/slack', 'src/workers', 'src/metrics', 'handlers', 'src/main.ts'],
      'src/slack': ['src/workers', 'src/metrics', 'handlers', 'src/main.ts'],
      'src/workers': ['src/metrics', 'handlers', 'src/main.ts'],
    };
    const broken = edges.filter((e) =>
      Object.entries(above).some(
        ([layer, higher]) => under(e.from, layer) && higher.some((h) => e.to === h || under(e.to, h)),
      ),
    );
    expect(broken.map(show)).toEqual([]);
  });

  it('src/slack/ never reaches src/watch/, not even for a type: views are handed what the watch reads', () => {
    // The notifier (src/workers) and the services apply the watch's rules (whether a change wakes
    // on-call, an alarm's facts) and hand views the result; the notices themselves live in src/store.
    expect(edges.some((e) => under(e.from, 'src/workers') && under(e.to, 'src/watch'))).toBe(true);
    const broken = edges.filter((e) => under(e.from, 'src/slack') && under(e.to, 'src/watch'));
    expect(broken.map(show)).toEqual([]);
  });

  it('handlers/ reach src/workers/, which reach src/slack/; only the composition root reaches src/metrics/', () => {
    // Guards the rule above against passing over nothing: these arrows exist today.
    expect(edges.some((e) => under(e.from, 'handlers') && under(e.to, 'src/workers'))).toBe(true);
    expect(edges.some((e) => under(e.from, 'src/workers') && under(e.to, 'src/slack'))).toBe(true);
    expect(edges.some((e) => e.from === 'src/main.ts' && under(e.to, 'src/metrics'))).toBe(true);
    const root = (f: string) => f === 'src/main.ts' || under(f, 'src/compose');
    const broken = edges.filter(
      (e) => under(e.to, 'src/metrics') && !under(e.from, 'src/metrics') && !root(e.from),
    );
    expect(broken.map(show)).toEqual([]);
  });

  it('src/metrics/ names the other layers only by their types (the provider’s bucket bounds and priorities aside)', () => {
    // Metrics reads figures kept elsewhere; it may name their shapes, never run a layer's code.
    const typesFrom = ['src/provider', 'src/services', 'src/store', 'src/watch', 'src/workers'];
    const broken = edges.filter(
      (e) =>
        under(e.from, 'src/metrics') &&
        !under(e.to, 'src/metrics') &&
        !under(e.to, 'src/provider') &&
        !(e.typeOnly && typesFrom.some((t) => under(e.to, t))),
    );
    expect(broken.map(show)).toEqual([]);
  });

  it('src/slack/ holds only the app, its guards, grammar, views, ids, payloads and words: no worker, no metrics', () => {
    // The bot's own work (the notifier, the sweep, what signup and /hosting post) lives in
    // src/workers/, and /metrics in src/metrics/. A new file here is a decision: add it below.
    const allowed = new Set([
      // The app and what stands in front of Bolt: the request guard, the door, the team guard, acks first.
      'ack-first.ts',
      'app.ts',
      'bolt-logger.ts',
      'decision-text.ts',
      'delivery-shape.ts',
      'error-text.ts',
      'guarded-app.ts',
      'identity.ts',
      'ids.ts',
      'payloads.ts',
      'request-guard.ts',
      'slack-directory.ts',
      'slack-failure.ts',
      'team-guard.ts',
      'grammar',
      'i18n',
      'views',
    ]);
    const entries = readdirSync(path.join(ROOT, 'src/slack'));
    expect(entries.filter((name) => !allowed.has(name))).toEqual([]);
    // Nor does any file of it, at any depth, run a loop of its own, keep figures or post by itself.
    const workerLike = files
      .filter((f) => under(f, 'src/slack'))
      .filter((f) =>
        /\bsetInterval\(|from 'prom-client'|\.outbox\.|chat\.(postMessage|update)\(/.test(
          readFileSync(path.join(ROOT, f), 'utf8'),
        ),
      );
    expect(workerLike).toEqual([]);
  });

  it('views are pure: no I/O module reaches them, only words, ids, payload shapes, rules and types', () => {
    const allowed = (to: string) =>
      under(to, 'src/slack/views') ||
      under(to, 'src/slack/i18n') ||
      to === 'src/slack/ids.ts' ||
      to === 'src/slack/payloads.ts' ||
      // The use cases' vocabulary and rules (field limits, plan fit), and the notices and alarm kinds as plain data.
      under(to, 'src/services') ||
      to === 'src/store/notice-types.ts' ||
      to === 'src/store/alarm-types.ts';
    const broken = edges.filter((e) => under(e.from, 'src/slack/views') && !e.typeOnly && !allowed(e.to));
    const packages = files
      .filter((f) => under(f, 'src/slack/views'))
      .flatMap((f) =>
        [...readFileSync(path.join(ROOT, f), 'utf8').matchAll(IMPORT)]
          .filter((m) => !m[3]!.startsWith('.') && m[2] === undefined)
          .map((m) => `${f} -> ${m[3]}`),
      );
    expect([...broken.map(show), ...packages]).toEqual([]);
  });
});

describe('the feature rule', () => {
  const featureOf = (file: string, base: string): string | undefined => {
    if (!under(file, base)) return undefined;
    const rest = file.slice(base.length + 1).split('/');
    return rest.length > 1 ? rest[0] : undefined;
  };

  it('services/<a>/ reaches services/<b>/ only through its index.ts', () => {
    const broken = edges.filter((e) => {
      const a = featureOf(e.from, 'src/services');
      const b = featureOf(e.to, 'src/services');
      return b !== undefined && a !== b && !e.to.endsWith(`src/services/${b}/index.ts`);
    });
    expect(broken.map(show)).toEqual([]);
  });

  it('a feature folder of handlers/ or of views/ never reaches into another feature', () => {
    const feature = (file: string) =>
      featureOf(file, 'handlers/commands') ??
      featureOf(file, 'handlers/actions') ??
      featureOf(file, 'handlers/submissions') ??
      featureOf(file, 'handlers/shortcuts') ??
      featureOf(file, 'handlers/events') ??
      featureOf(file, 'src/slack/views');
    const broken = edges.filter((e) => {
      const a = feature(e.from);
      const b = feature(e.to);
      return a !== undefined && b !== undefined && a !== b;
    });
    expect(broken.map(show)).toEqual([]);
  });
});

describe('the listener layer', () => {
  const SURFACES = [
    'handlers/commands',
    'handlers/actions',
    'handlers/submissions',
    'handlers/shortcuts',
    'handlers/events',
  ];
  const surfaceOf = (file: string) => SURFACES.find((s) => under(file, s));

  it('commands, actions, submissions and shortcuts never import each other (what they share sits at the top of handlers/)', () => {
    // Guards the rule against passing over nothing: every surface has its files.
    for (const s of SURFACES)
      expect(
        files.some((f) => under(f, s)),
        s,
      ).toBe(true);
    const broken = edges.filter((e) => {
      const a = surfaceOf(e.from);
      const b = surfaceOf(e.to);
      return a !== undefined && b !== undefined && a !== b;
    });
    expect(broken.map(show)).toEqual([]);
  });
});

describe('index.ts is a public surface', () => {
  // Statements an index.ts may hold: imports and re-exports, nothing that runs or declares.
  const SURFACE_STATEMENT =
    /^(?:import\s+(?:type\s+)?(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s+as\s+[\w$]+)?\s*(?:from\s+)?['"][^'"]+['"]|export\s+(?:type\s+)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?)\s+from\s+['"][^'"]+['"]|export\s+(?:type\s+)?\{[^}]*\})$/;
  const withoutComments = (text: string) =>
    text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const indexFiles = files.filter(
    (f) => path.posix.basename(f) === 'index.ts' && !under(f, 'src/simulator') && !under(f, 'src/sandbox'),
  );

  it('every index.ts under src/ and handlers/ holds only imports, re-exports and comments', () => {
    expect(indexFiles).toContain('src/store/index.ts');
    const broken = indexFiles.flatMap((f) =>
      withoutComments(readFileSync(path.join(ROOT, f), 'utf8'))
        .split(';')
        .map((statement) => statement.trim().replace(/\s+/g, ' '))
        .filter((statement) => statement !== '' && !SURFACE_STATEMENT.test(statement))
        .map((statement) => `${f}: ${statement.slice(0, 80)}`),
    );
    expect(broken).toEqual([]);
  });
});

describe('no import circles', () => {
  it('no file reaches itself through its imports (type imports included)', () => {
    const out = new Map<string, string[]>();
    for (const e of edges) out.set(e.from, [...(out.get(e.from) ?? []), e.to]);
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (f: string) => {
      state.set(f, 'open');
      stack.push(f);
      for (const to of out.get(f) ?? []) {
        if (state.get(to) === 'open') circles.push([...stack.slice(stack.indexOf(to)), to].join(' -> '));
        else if (!state.has(to)) visit(to);
      }
      stack.pop();
      state.set(f, 'done');
    };
    for (const f of files) if (!state.has(f)) visit(f);
    expect(circles).toEqual([]);
  });
});
