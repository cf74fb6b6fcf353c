// TFG against ONNX Runtime on the five workloads of issue 16 and on every MobileNet v1 layer alone.
// Run it through bench/layers.sh (bench/README.md says what it measures and how).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  parseOptions, usageText, die, findTfgRun, findOrtbench, runTfg, readNpy, npyBytes, compareArrays, compareOutputDir,
  median, sleep, fmtMs, fmtR, fmtG, fmtFlops, verdict, replaceSection, repoRoot,
  startRun, runHeaderLines, failureLines, exitOnFailures,
} from './lib/benchlib.mjs';

const SPEC = {
  build: { kind: 'string', meta: 'DIR', help: 'TFG build folder (its bin/tfg-run is measured)', default: path.join(repoRoot, 'build') },
  tfg: { kind: 'string', meta: 'PATH', help: 'the tfg-run to measure (default BUILD/bin/tfg-run)', default: null },
  shared: { kind: 'string', meta: 'DIR', help: 'the shared folder (tools/ortbench)', default: path.resolve(repoRoot, '../shared') },
  ortbench: { kind: 'string', meta: 'DIR', help: 'tools/ortbench (workload specs, onnxruntime-node)', default: null },
  threads: { kind: 'list', meta: 'N,M', help: 'thread counts, each measured as TFG --threads N against ORT with N intra-op threads', default: ['1', '2'] },
  rounds: { kind: 'int', min: 1, meta: 'N', help: 'interleaved rounds per workload (one block of every configuration each)', default: 5 },
  blockMs: { kind: 'int', min: 1, meta: 'MS', help: 'time of one timed block', default: 300 },
  minTfgRuns: { kind: 'int', min: 1, meta: 'N', help: 'fewest timed runs in one tfg-run block', default: 20 },
  gapMs: { kind: 'int', meta: 'MS', help: 'idle time before each block (ORT\'s worker threads keep spinning after a run; 50 ms was too short: TFG\'s 2-thread small workloads then ran 2-3x slow)', default: 300 },
  only: { kind: 'list', meta: 'A,B', help: 'only these workloads (names as in the table)', default: null },
  layerRounds: { kind: 'int', min: 1, meta: 'N', help: 'rounds of the per-MobileNet-layer table', default: 2 },
  noLayers: { kind: 'flag', help: 'skip the per-MobileNet-layer table' },
  layersOnly: { kind: 'flag', help: 'only the per-MobileNet-layer table' },
  work: { kind: 'string', meta: 'DIR', help: 'scratch folder for the models, inputs and references (default BUILD/bench/layers)', default: null },
  results: { kind: 'string', meta: 'FILE', help: 'markdown file whose "layers" section is replaced (default bench/results.md; with --quick WORK/results-quick.md)', default: null },
  json: { kind: 'string', meta: 'FILE', help: 'also write every measurement as JSON here (default WORK/layers.json)', default: null },
  quick: { kind: 'flag', help: 'smoke run: two small workloads, 1 thread, 1 round, short blocks, three MobileNet layers' },
  dryRun: { kind: 'flag', help: 'check the prerequisites and print the plan; measure nothing' },
  tfgArgs: { kind: 'string', meta: '"A B"', help: 'extra tfg-run arguments for every TFG run (space-separated), e.g. "--generic-target"', default: null },
  help: { kind: 'flag', help: 'print this help' },
};
const USAGE = usageText(`usage: bench/layers.sh [options]
TFG (tfg-run) against onnxruntime-node on conv 3x3 32->64 @112, conv 1x1 64->128 @56, depthwise 3x3 128 @56,
MatMul 1x1024 . 1024x1000 and MobileNet v1 1.0/224, each as a TF graph (TF.js graph-model JSON) and an ONNX model
with the same weights, interleaved, at each thread count; then every MobileNet layer alone at 1 thread.
Every TFG output is compared with ORT's (rel L2 <= 1e-4); a mismatch fails the run (exit 1).
Exit status: 0 all outputs match, 1 a mismatch or a failed run, 2 bad options, 3 prerequisites missing.`, SPEC);

const opts = parseOptions(process.argv.slice(2), SPEC, USAGE);
if (opts.help) { console.log(USAGE); process.exit(0); }
const threads = opts.threads.map((t) => {
  if (!/^\d+$/.test(t) || +t < 1) die(`--threads: '${t}' is not a thread count >= 1`, 2);
  return +t;
});
if (opts.noLayers && opts.layersOnly) die('--no-layers and --layers-only exclude each other', 2);
if (opts.quick) {
  Object.assign(opts, { rounds: 1, blockMs: 30, minTfgRuns: 3, layerRounds: 1 });
  opts.only ??= ['conv1x1_64-128_56', 'matmul_1x1024x1000'];
  threads.splice(0, threads.length, 1);
}

// ---------------------------------------------------------------- prerequisites
const tfg = findTfgRun(opts);
const tfgExtra = opts.tfgArgs ? opts.tfgArgs.split(/\s+/).filter(Boolean) : [];
const ob = findOrtbench(opts);
const missing = [tfg, ob].filter((x) => !x.ok).map((x) => x.missing);
if (missing.length) die(`bench/layers: missing prerequisites:\n${missing.map((m) => `  - ${m}`).join('\n')}`, 3);
const build = tfg.build;
const work = path.resolve(opts.work ?? path.join(build, 'bench/layers'));
const resultsFile = path.resolve(opts.results ?? (opts.quick ? path.join(work, 'results-quick.md') : path.join(repoRoot, 'bench/results.md')));
const jsonFile = path.resolve(opts.json ?? path.join(work, opts.quick ? 'layers-quick.json' : 'layers.json'));

const imp = (f) => import(pathToFileURL(path.join(ob.path, f)).href);
const { MODELS, materialize, nchwToNhwc, mulberry32 } = await imp('common.mjs');
const { buildOnnx } = await imp('mkmodels.mjs');
const { buildGraphModel } = await imp('mktfjsgraph.mjs');
const ort = ob.require('onnxruntime-node');

const LABEL = {
  'conv3x3_32-64_112': 'conv 3x3 32→64 @112',
  'conv1x1_64-128_56': 'conv 1x1 64→128 @56',
  'dwconv3x3_128_56': 'depthwise 3x3 128 @56',
  'matmul_1x1024x1000': 'MatMul 1x1024 · 1024x1000',
  'mobilenet_v1_1.0_224': 'MobileNet v1 1.0/224',
};
const known = MODELS.map((m) => m.name);
for (const o of opts.only ?? []) if (!known.includes(o)) die(`--only: unknown workload '${o}' (known: ${known.join(', ')})`, 2);
const workloads = opts.layersOnly ? [] : MODELS.filter((m) => !opts.only || opts.only.includes(m.name));
// TFG's thread count: tfg-run --threads where it exists; without it TFG runs on one thread, so only T = 1 is a TFG column.
const tfgThreadsOk = (t) => t === 1 || tfg.hasThreads;
const tfgThreadArg = (t) => (tfg.hasThreads ? t : undefined);

console.log(`bench/layers: tfg-run ${tfg.path} (${tfg.version}${tfg.hasThreads ? '' : '; no --threads option: TFG runs on 1 thread'})`);
console.log(`  onnxruntime-node ${ob.ortVersion} from ${ob.path}`);
console.log(`  workloads: ${workloads.map((m) => m.name).join(', ') || 'none'}; threads ${threads.join(',')}; ${opts.rounds} round(s) of ${opts.blockMs} ms blocks`);
console.log(`  MobileNet layers: ${opts.noLayers ? 'skipped' : `${opts.quick ? 'layers 0-2 (quick)' : 'all 29'}, 1 thread, ${opts.layerRounds} round(s)`}`);
console.log(`  scratch ${work}; results section "layers" of ${resultsFile}`);
if (opts.dryRun) { console.log('dry run: prerequisites found, nothing measured'); process.exit(0); }

const run = startRun(repoRoot);
fs.mkdirSync(work, { recursive: true });
const { failures, fail } = run;

// ---------------------------------------------------------------- model files
// DIR/model.json + weights.bin (TF graph, NHWC), DIR/model.onnx (NCHW, same numbers), DIR/input_0_input_0.npy,
// DIR/output_0_output_0.npy = ORT's 1-thread output (the reference), DIR/summary.json (for tfg-run --compare).
async function writeModel(m, dir) {
  fs.mkdirSync(dir, { recursive: true });
  const g = buildGraphModel(m);
  fs.writeFileSync(path.join(dir, 'model.json'), JSON.stringify(g.json));
  fs.writeFileSync(path.join(dir, 'weights.bin'), g.bin);
  const onnx = buildOnnx(m);
  fs.writeFileSync(path.join(dir, 'model.onnx'), onnx);
  const x = m.inputShape.length === 4 ? nchwToNhwc(m.input, m.inputShape) : m.input;
  fs.writeFileSync(path.join(dir, 'input_0_input_0.npy'), npyBytes(x, g.inShape));
  const s = await ortSession(dir, 1);
  const y = await ortOutput(s, m);
  await s.release();
  fs.writeFileSync(path.join(dir, 'output_0_output_0.npy'), npyBytes(y, g.outShape));
  fs.writeFileSync(path.join(dir, 'summary.json'), JSON.stringify({
    model: `bench/layers ${m.name}`, reference: `onnxruntime-node ${ob.ortVersion} CPU EP, 1 thread, NCHW output transposed to NHWC`, flops: m.flops,
    inputs: [{ name: 'input:0', node: 'input', dtype: 'float32', shape: g.inShape, file: 'input_0_input_0.npy' }],
    outputs: [{ name: 'output:0', tensor: 'output:0', dtype: 'float32', shape: g.outShape, file: 'output_0_output_0.npy' }],
  }, null, 1));
  return { dir, ref: readNpy(path.join(dir, 'output_0_output_0.npy')) };
}

const ortSession = (dir, t) => ort.InferenceSession.create(path.join(dir, 'model.onnx'), {
  executionProviders: ['cpu'], intraOpNumThreads: t, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all',
});
async function ortOutput(s, m) {
  const r = await s.run({ input: new ort.Tensor('float32', m.input, m.inputShape) });
  return m.outputShape.length === 4 ? nchwToNhwc(r.output.data, m.outputShape) : r.output.data;
}

// ORT block: idle gap, one untimed run, `k` timed runs; returns the times (ms).
async function ortBlock(s, feed, k) {
  await sleep(opts.gapMs);
  await s.run(feed);
  const t = [];
  for (let i = 0; i < k; i++) { const a = performance.now(); await s.run(feed); t.push(performance.now() - a); }
  return t;
}
async function ortCalibrate(s, feed) {
  const t0 = performance.now(); let k = 0;
  while (k < 3 || performance.now() - t0 < Math.min(300, opts.blockMs)) { await s.run(feed); k++; }
  const est = (performance.now() - t0) / k;
  return Math.max(3, Math.min(400, Math.ceil(opts.blockMs / est)));
}

// The first TFG run of a model: its own --compare verdict, and the written output compared here too (both against ORT).
function tfgFirstRun(dir, t, label) {
  const outDir = path.join(dir, `tfg-out-${t}t`);
  const r = runTfg(tfg.path, path.join(dir, 'model.json'), { extra: tfgExtra, compare: dir, runs: 3, threads: tfgThreadArg(t), outputDir: outDir });
  const own = r.rc === 0 ? compareOutputDir(outDir, dir) : { ok: false, outputs: [] };
  if (!r.ok || !own.ok) {
    fail(`${label}, TFG at ${t} thread(s): ${r.error ?? own.outputs.map((o) => `${o.name}: ${o.why}`).join('; ')}${r.tail ? `\n${r.tail}` : ''}`);
    return null;
  }
  return { ...r, own: own.outputs[0] };
}

// ---------------------------------------------------------------- the five workloads
const rows = [];
for (const spec of workloads) {
  const m = materialize(spec);
  const { dir, ref } = await writeModel(m, path.join(work, m.name));
  const label = LABEL[m.name] ?? m.name;
  const feed = { input: new ort.Tensor('float32', m.input, m.inputShape) };
  const cfgs = [];
  let bad = false;
  for (const t of threads) {
    const s = await ortSession(dir, t);
    const c = compareArrays({ descr: '<f4', shape: ref.shape, data: await ortOutput(s, m) }, ref);
    if (!c.ok) { fail(`${label}, ORT at ${t} threads vs ORT at 1 thread: ${c.why}`); bad = true; }
    cfgs.push({ kind: 'ort', t, s, k: await ortCalibrate(s, feed), blocks: [] });
    if (tfgThreadsOk(t)) {
      const first = tfgFirstRun(dir, t, label);
      if (!first) { bad = true; continue; }
      const n = Math.max(opts.minTfgRuns, Math.min(5000, Math.ceil(opts.blockMs / Math.max(first.medianMs, 1e-3))));
      cfgs.push({ kind: 'tfg', t, n, first, blocks: [], compile: [] });
    }
  }
  if (!bad) {
    for (let r = 0; r < opts.rounds; r++) {
      for (let j = 0; j < cfgs.length; j++) {
        const c = cfgs[(r + j) % cfgs.length];
        if (c.kind === 'ort') { c.blocks.push(median(await ortBlock(c.s, feed, c.k))); continue; }
        await sleep(opts.gapMs);
        const b = runTfg(tfg.path, path.join(dir, 'model.json'), { extra: tfgExtra, compare: dir, runs: c.n, threads: tfgThreadArg(c.t) });
        if (!b.ok) { fail(`${label}, TFG at ${c.t} thread(s), round ${r + 1}: ${b.error}\n${b.tail ?? ''}`); bad = true; break; }
        c.blocks.push(b.medianMs); c.compile.push(b.compileS);
      }
      if (bad) break;
    }
  }
  for (const c of cfgs) if (c.s) await c.s.release();
  for (const t of threads) {
    const o = cfgs.find((c) => c.kind === 'ort' && c.t === t);
    const g = cfgs.find((c) => c.kind === 'tfg' && c.t === t);
    const ratios = !bad && g ? g.blocks.map((v, i) => v / o.blocks[i]) : [];
    const row = {
      name: m.name, label, flops: m.flops, threads: t, ortMs: bad ? null : median(o.blocks), ortBlocks: o.blocks,
      tfgMs: g && !bad ? median(g.blocks) : null, tfgBlocks: g?.blocks ?? [], tfgRunsPerBlock: g?.n, compileS: g?.compile?.length ? median(g.compile) : null,
      ratio: ratios.length ? median(ratios) : null, ratioMin: ratios.length ? Math.min(...ratios) : null, ratioMax: ratios.length ? Math.max(...ratios) : null,
      relL2: g?.first?.own?.relL2 ?? null, tfgMeasured: !!g, failed: bad,
    };
    rows.push(row);
    if (bad) console.log(`${label} @${t}T: FAILED`);
    else if (!g) console.log(`${label} @${t}T: TFG not measured (no --threads), ORT ${fmtMs(row.ortMs)} ms`);
    else console.log(`${label} @${t}T: TFG ${fmtMs(row.tfgMs)} ms, ORT ${fmtMs(row.ortMs)} ms, TFG/ORT ${fmtR(row.ratio)}x (${fmtR(row.ratioMin)}-${fmtR(row.ratioMax)})`);
  }
}

// ---------------------------------------------------------------- every MobileNet layer alone (1 thread)
const layerRows = [];
if (!opts.noLayers) {
  const full = materialize(MODELS.find((x) => x.name === 'mobilenet_v1_1.0_224'));
  const kindOf = (l, i) => (l.op === 'conv' ? (i === 0 ? 'first conv 3x3 s2' : l.dw ? `depthwise 3x3 s${l.stride}` : 'pointwise 1x1') : l.op === 'gap' ? 'global average pool' : 'FC 1024→1000');
  const pick = opts.quick ? [0, 1, 2] : full.layers.map((_, i) => i);
  for (const i of pick) {
    const l = full.layers[i];
    const flops = l.op === 'conv' ? 2 * l.outShape[2] * l.outShape[3] * l.cout * (l.dw ? 1 : l.cin) * l.k * l.k : l.op === 'fc' ? 2 * l.cin * l.cout : 0;
    const n = l.inShape.reduce((a, b) => a * b, 1);
    const rng = mulberry32(1000 + i);
    const input = new Float32Array(n);
    for (let j = 0; j < n; j++) input[j] = rng();
    const m = { name: `mobilenet_layer_${String(i).padStart(2, '0')}`, inputShape: l.inShape, outputShape: l.outShape, layers: [l], flops, input };
    const { dir } = await writeModel(m, path.join(work, m.name));
    const what = `MobileNet layer ${i} (${kindOf(l, i)})`;
    const first = tfgFirstRun(dir, 1, what);
    const row = { layer: i, kind: kindOf(l, i), inShape: l.inShape, outShape: l.outShape, flops, tfgMs: null, ortMs: null, relL2: first?.own?.relL2 ?? null };
    layerRows.push(row);
    if (!first) continue;
    const s = await ortSession(dir, 1);
    const feed = { input: new ort.Tensor('float32', input, l.inShape) };
    const k = await ortCalibrate(s, feed);
    const tfgN = Math.max(opts.minTfgRuns, Math.min(5000, Math.ceil(opts.blockMs / Math.max(first.medianMs, 1e-3))));
    const ortB = [], tfgB = [];
    rounds: for (let r = 0; r < opts.layerRounds; r++) {
      for (const which of r % 2 ? ['tfg', 'ort'] : ['ort', 'tfg']) {
        if (which === 'ort') { ortB.push(median(await ortBlock(s, feed, k))); continue; }
        await sleep(opts.gapMs);
        const b = runTfg(tfg.path, path.join(dir, 'model.json'), { extra: tfgExtra, compare: dir, runs: tfgN, threads: tfgThreadArg(1) });
        if (!b.ok) { fail(`${what}, round ${r + 1}: ${b.error}\n${b.tail ?? ''}`); break rounds; }
        tfgB.push(b.medianMs);
      }
    }
    await s.release();
    if (tfgB.length === opts.layerRounds) { row.tfgMs = median(tfgB); row.ortMs = median(ortB); }
    console.log(`layer ${i} ${row.kind} [${l.inShape}]: TFG ${fmtMs(row.tfgMs)} ms (${fmtG(flops, row.tfgMs)} GFLOP/s), ORT ${fmtMs(row.ortMs)} ms (${fmtG(flops, row.ortMs)} GFLOP/s)`);
  }
}

// ---------------------------------------------------------------- tables
const out = [];
const tfgNote = tfg.hasThreads ? 'TFG ran with `tfg-run --threads N`' : 'this tfg-run has no `--threads` option, so TFG ran on one thread and its multi-thread rows are not measured';
out.push('## TFG against ONNX Runtime: five workloads, and MobileNet v1 layer by layer (`bench/layers.sh`)');
out.push('');
out.push(...runHeaderLines(run, opts.quick));
out.push(`- TFG source tree: ${run.commit}; tfg-run ${path.relative(repoRoot, tfg.path) || tfg.path}`);
out.push(`- ONNX Runtime: onnxruntime-node ${ob.ortVersion}, CPU EP, \`intraOpNumThreads\` N, sequential, all graph optimizations`);
out.push(`- Threads: ${threads.join(', ')}; ${tfgNote}.`);
out.push(`- Method: each workload is a TF graph (TF.js graph-model JSON, NHWC) and an ONNX model (NCHW) with the same seeded weights (tools/ortbench/common.mjs). ${opts.rounds} round(s); each round runs one block of every configuration (TFG: one \`tfg-run --runs N\` process, its median; ORT: a warm session, one untimed run then ${opts.blockMs} ms of timed runs, their median), in an order that rotates every round. The ratio is the median over rounds of TFG's block / ORT's block of the same round, with its range. Every TFG output is compared with ORT's 1-thread output (rel L2 ≤ 1e-4; tfg-run's \`--compare\` on every block and this script's own check of the written output).`);
out.push('');
if (rows.length) {
  out.push('| workload | FLOPs | threads | TFG ms | TFG GFLOP/s | TFG compile s | ORT ms | ORT GFLOP/s | TFG/ORT (range) | target ≤ 1.0x | TFG vs ORT rel L2 |');
  out.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const ratio = r.ratio == null ? (r.failed ? 'FAILED' : r.tfgMeasured ? '—' : 'not measured') : `**${fmtR(r.ratio)}x** (${fmtR(r.ratioMin)}–${fmtR(r.ratioMax)})`;
    const target = r.failed ? '**FAILED**' : r.ratio == null ? 'not measured' : verdict(r.ratio <= 1.0);
    out.push(`| ${r.label} | ${fmtFlops(r.flops)} | ${r.threads} | ${fmtMs(r.tfgMs)} | ${fmtG(r.flops, r.tfgMs)} | ${r.compileS == null ? '—' : r.compileS.toFixed(2)} | ${fmtMs(r.ortMs)} | ${fmtG(r.flops, r.ortMs)} | ${ratio} | ${target} | ${r.relL2 == null ? '—' : r.relL2.toExponential(1)} |`);
  }
  const measured = rows.filter((r) => r.ratio != null);
  out.push('');
  out.push(`Target (issue 16): TFG ≤ 1.0x ONNX Runtime on every workload at 1 and at 2 threads: ${measured.filter((r) => r.ratio <= 1).length} of ${rows.length} rows met${rows.length - measured.length ? ` (${rows.length - measured.length} not measured)` : ''}.`);
  out.push('');
}
if (layerRows.length) {
  out.push(`### MobileNet v1 layer by layer (each layer alone as a one-layer model, 1 thread, ${opts.layerRounds} round(s))`);
  out.push('');
  out.push('Targets (issue 16): pointwise convs ≥ 60 GFLOP/s on one core at every width, depthwise ≥ 10 GFLOP/s.');
  out.push('');
  out.push('| # | layer | input (NCHW) → output | MFLOP | TFG ms | TFG GFLOP/s | ORT ms | ORT GFLOP/s | TFG/ORT | per-core target |');
  out.push('|---|---|---|---|---|---|---|---|---|---|');
  const target = (r) => {
    const g = r.flops / r.tfgMs / 1e6;
    if (r.tfgMs == null) return r.relL2 == null ? '**FAILED**' : 'not measured';
    if (r.kind === 'pointwise 1x1') return `${verdict(g >= 60)} (≥ 60)`;
    if (r.kind.startsWith('depthwise')) return `${verdict(g >= 10)} (≥ 10)`;
    return '—';
  };
  for (const r of layerRows) {
    out.push(`| ${r.layer} | ${r.kind} | ${r.inShape.slice(1).join('x')} → ${r.outShape.slice(1).join('x')} | ${(r.flops / 1e6).toFixed(1)} | ${fmtMs(r.tfgMs)} | ${fmtG(r.flops, r.tfgMs)} | ${fmtMs(r.ortMs)} | ${fmtG(r.flops, r.ortMs)} | ${r.tfgMs == null ? '—' : `${fmtR(r.tfgMs / r.ortMs)}x`} | ${target(r)} |`);
  }
  out.push('');
  const done = layerRows.filter((r) => r.tfgMs != null);
  const kinds = [...new Set(done.map((r) => r.kind))];
  const totT = done.reduce((a, r) => a + r.tfgMs, 0), totO = done.reduce((a, r) => a + r.ortMs, 0);
  out.push('| layer kind | layers | MFLOP | TFG ms (sum) | TFG GFLOP/s | ORT ms (sum) | ORT GFLOP/s | TFG/ORT | share of TFG time |');
  out.push('|---|---|---|---|---|---|---|---|---|');
  for (const k of kinds) {
    const rs = done.filter((r) => r.kind === k);
    const f = rs.reduce((a, r) => a + r.flops, 0), t = rs.reduce((a, r) => a + r.tfgMs, 0), o = rs.reduce((a, r) => a + r.ortMs, 0);
    out.push(`| ${k} | ${rs.length} | ${(f / 1e6).toFixed(1)} | ${fmtMs(t)} | ${fmtG(f, t)} | ${fmtMs(o)} | ${fmtG(f, o)} | ${fmtR(t / o)}x | ${(100 * t / totT).toFixed(0)}% |`);
  }
  const fAll = done.reduce((a, r) => a + r.flops, 0);
  out.push(`| all (sum of one-layer models) | ${done.length} | ${(fAll / 1e6).toFixed(1)} | ${fmtMs(totT)} | ${fmtG(fAll, totT)} | ${fmtMs(totO)} | ${fmtG(fAll, totO)} | ${fmtR(totT / totO)}x | 100% |`);
  out.push('');
}
out.push(...failureLines(failures));
replaceSection(resultsFile, 'layers', out.join('\n'));
fs.mkdirSync(path.dirname(jsonFile), { recursive: true });
fs.writeFileSync(jsonFile, JSON.stringify({ date: new Date().toISOString(), tfg: { path: tfg.path, version: tfg.version, hasThreads: tfg.hasThreads }, ort: ob.ortVersion, opts, rows, layerRows, failures }, null, 1));
console.log(`\nwrote the "layers" section of ${resultsFile} (all numbers: ${jsonFile})`);
exitOnFailures('layers', failures);
