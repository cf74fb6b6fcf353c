// TFG against TensorFlow.js (wasm backend) on every corpus model with a reference (the models utils/run-corpus.sh
// runs). Run it through bench/models.sh (bench/README.md says what it measures and how).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import {
  parseOptions, usageText, die, findTfgRun, findTfjsRef, findCorpus, runTfg, compareOutputDir,
  median, fmtMs, fmtR, fmtG, fmtFlops, verdict, replaceSection, repoRoot,
  startRun, runHeaderLines, failureLines, exitOnFailures,
} from './lib/benchlib.mjs';

const SPEC = {
  build: { kind: 'string', meta: 'DIR', help: 'TFG build folder (its bin/tfg-run is measured)', default: path.join(repoRoot, 'build') },
  tfg: { kind: 'string', meta: 'PATH', help: 'the tfg-run to measure (default BUILD/bin/tfg-run)', default: null },
  shared: { kind: 'string', meta: 'DIR', help: 'the shared folder (corpus/, tools/tfjs-ref)', default: path.resolve(repoRoot, '../shared') },
  corpus: { kind: 'string', meta: 'DIR', help: 'the corpus (default $TFG_CORPUS_DIR, else SHARED/corpus)', default: null },
  tfjsRef: { kind: 'string', meta: 'DIR', help: 'tools/tfjs-ref with its node_modules (default $TFG_TFJS_REF_DIR, else BUILD/tfjs-ref)', default: null },
  reps: { kind: 'int', min: 1, meta: 'N', help: 'repetitions: one TFG and one TF.js process per model each, in alternating order', default: 3 },
  runs: { kind: 'int', min: 1, meta: 'N', help: 'timed runs in each process (its median is the repetition\'s time)', default: 20 },
  threads: { kind: 'int', min: 1, meta: 'N', help: 'tfg-run --threads N (where tfg-run has it); TF.js wasm runs on one thread', default: 1 },
  only: { kind: 'list', meta: 'A,B', help: 'only these rows (model names or labels as in the table)', default: null },
  work: { kind: 'string', meta: 'DIR', help: 'scratch folder (converted frozen models, TF.js outputs; default BUILD/bench/models)', default: null },
  results: { kind: 'string', meta: 'FILE', help: 'markdown file whose "models" section is replaced (default bench/results.md; with --quick WORK/results-quick.md)', default: null },
  json: { kind: 'string', meta: 'FILE', help: 'also write every measurement as JSON here (default WORK/models.json)', default: null },
  quick: { kind: 'flag', help: 'smoke run: puzzle15 and liveness, 1 repetition of 3 runs' },
  dryRun: { kind: 'flag', help: 'check the prerequisites and list the models; measure nothing' },
  tfgArgs: { kind: 'string', meta: '"A B"', help: 'extra tfg-run arguments for every TFG run (space-separated), e.g. "--generic-target"', default: null },
  help: { kind: 'flag', help: 'print this help' },
};
const USAGE = usageText(`usage: bench/models.sh [options]
TFG (tfg-run) against TensorFlow.js 4.22 wasm (tools/tfjs-ref/run.mjs) on every corpus model with a reference
(utils/run-corpus.sh --list), interleaved, on the reference's inputs: latency, GFLOP/s (convolutions and matrix
products), TFG's compile time, and the issue 16 targets (each model <= 0.27x TF.js-wasm, median <= 0.2x, compile
<= 2 s). Every TFG output is compared with the reference (rel L2 <= 1e-4); a mismatch fails the run (exit 1).
Exit status: 0 all outputs match, 1 a mismatch or a failed run, 2 bad options, 3 prerequisites missing.`, SPEC);

const opts = parseOptions(process.argv.slice(2), SPEC, USAGE);
if (opts.help) { console.log(USAGE); process.exit(0); }
if (opts.quick) { Object.assign(opts, { reps: 1, runs: 3 }); opts.only ??= ['puzzle15', 'liveness']; }

// ---------------------------------------------------------------- prerequisites
const tfg = findTfgRun(opts);
const tfgExtra = opts.tfgArgs ? opts.tfgArgs.split(/\s+/).filter(Boolean) : [];
const corpus = findCorpus(opts);
const tfjs = findTfjsRef(opts, tfg.build ?? path.resolve(opts.build));
const missing = [tfg, corpus, tfjs].filter((x) => !x.ok).map((x) => x.missing);
if (missing.length) die(`bench/models: missing prerequisites:\n${missing.map((m) => `  - ${m}`).join('\n')}`, 3);
const work = path.resolve(opts.work ?? path.join(tfg.build, 'bench/models'));
const resultsFile = path.resolve(opts.results ?? (opts.quick ? path.join(work, 'results-quick.md') : path.join(repoRoot, 'bench/results.md')));
const jsonFile = path.resolve(opts.json ?? path.join(work, opts.quick ? 'models-quick.json' : 'models.json'));

// The model list is run-corpus.sh's, so that the benchmark times what the conformance run checks.
const list = spawnSync('bash', [path.join(repoRoot, 'utils/run-corpus.sh'), '--list', tfg.build, corpus.path], { encoding: 'utf8' });
if (list.status !== 0) die(`bench/models: utils/run-corpus.sh --list failed: ${list.stdout}${list.stderr}`, 3);
let specs = list.stdout.trim().split('\n').filter(Boolean).map((l) => {
  const [model, ref, pipeline, label, expect] = l.split('|');
  const base = path.basename(model).replace(/\.(json|pb)$/, '');
  return { model, ref, pipeline: pipeline || null, name: label || path.basename(ref), base, variant: !!label, expect };
});
if (opts.only) {
  const unknown = opts.only.filter((o) => !specs.some((s) => s.name === o || s.base === o));
  if (unknown.length) die(`--only: unknown model(s) ${unknown.join(', ')} (known: ${specs.map((s) => s.name).join(', ')})`, 2);
  specs = specs.filter((s) => opts.only.includes(s.name) || (opts.only.includes(s.base) && !s.variant));
}
const tfgThreads = tfg.hasThreads ? opts.threads : undefined;
if (opts.threads !== 1 && !tfg.hasThreads) die(`--threads ${opts.threads}: this tfg-run has no --threads option`, 2);

console.log(`bench/models: tfg-run ${tfg.path} (${tfg.version})`);
console.log(`  TF.js ${tfjs.version} wasm from ${tfjs.path}; corpus ${corpus.path}`);
console.log(`  ${specs.length} row(s): ${specs.map((s) => s.name).join(', ')}`);
console.log(`  ${opts.reps} repetition(s) of ${opts.runs} runs; scratch ${work}; results section "models" of ${resultsFile}`);
if (opts.dryRun) { console.log('dry run: prerequisites found, nothing measured'); process.exit(0); }

const run = startRun(repoRoot);
fs.mkdirSync(work, { recursive: true });
const { failures, fail } = run;

// ---------------------------------------------------------------- TF.js side
// A frozen .pb runs in TF.js as its reference was made: pb2tfjs.mjs with the flags its BINDINGS.md records.
const converted = new Map();
function tfjsModel(s) {
  if (s.model.endsWith('.json')) return s.model;
  if (converted.has(s.model)) return converted.get(s.model);
  const bindings = path.join(s.ref, 'BINDINGS.md');
  const line = fs.existsSync(bindings) ? fs.readFileSync(bindings, 'utf8').split('\n').find((l) => /^node pb2tfjs\.mjs /.test(l)) : null;
  const flags = line ? line.trim().split(/\s+/).slice(4) : [];
  const out = path.join(work, 'tfjs-models', s.base);
  const r = spawnSync(process.execPath, [path.join(tfjs.path, 'pb2tfjs.mjs'), s.model, out, ...flags], { encoding: 'utf8', cwd: tfjs.path });
  const res = r.status === 0 ? path.join(out, 'model.json') : null;
  if (!res) console.error(`pb2tfjs failed on ${s.model}: ${(r.stderr || r.stdout).slice(-500)}`);
  converted.set(s.model, res);
  return res;
}

function runTfjs(modelJson, s, outDir) {
  const argv = [path.join(tfjs.path, 'run.mjs'), modelJson, '--backend', 'wasm', '--runs', String(opts.runs), '--inputs', s.ref];
  argv.push(...(outDir ? ['--out', outDir] : ['--no-save']));
  const r = spawnSync(process.execPath, argv, { encoding: 'utf8', maxBuffer: 1 << 26, cwd: tfjs.path });
  const line = (r.stdout ?? '').split('\n').reverse().find((l) => l.startsWith('RESULT '));
  const res = line ? JSON.parse(line.slice(7)) : null;
  return { ok: r.status === 0 && !!res?.ok, medianMs: res?.medianMs ?? null, error: res?.error ?? `rc ${r.status}: ${(r.stderr ?? '').trim().split('\n').pop()}` };
}

function countFlops(modelJson, s) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bench/lib/flops.mjs'), modelJson, s.ref, tfjs.path], { encoding: 'utf8', maxBuffer: 1 << 26 });
  try { return JSON.parse(r.stdout.trim().split('\n').pop()); } catch { return { flops: null, error: (r.stderr || '').trim().split('\n').pop() }; }
}

// ---------------------------------------------------------------- measure
const rows = [];
const sleepSync = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
for (const [idx, s] of specs.entries()) {
  const row = { name: s.name, model: path.relative(corpus.path, s.model), pipeline: s.pipeline, variant: s.variant, expect: s.expect, tfg: [], tfjs: [], compile: [] };
  rows.push(row);
  if (s.expect === 'blocked') {
    const r = runTfg(tfg.path, s.model, { extra: tfgExtra, compare: s.ref, runs: 1, threads: tfgThreads, pipeline: s.pipeline });
    if (!r.ok) { row.blocked = (/error: (.*)/.exec(r.tail ?? '')?.[1] ?? r.error).slice(0, 160); console.log(`${s.name}: not lowered (${row.blocked})`); continue; }
    row.expect = 'pass'; // lowered now: measure it like the others
  }
  const mj = tfjsModel(s);
  if (!mj) { fail(`${s.name}: could not convert ${s.model} for TF.js`); row.failed = true; continue; }
  const fl = countFlops(mj, s);
  row.flops = fl.flops; row.flopsByOp = fl.byOp; row.flopsNote = fl.error ?? (fl.skipped?.length ? `${fl.skipped.length} node(s) not counted` : null);
  for (let rep = 0; rep < opts.reps && !row.failed; rep++) {
    const tfgFirst = (rep + idx) % 2 === 0;
    for (const which of tfgFirst ? ['tfg', 'tfjs'] : ['tfjs', 'tfg']) {
      sleepSync(200);
      if (which === 'tfg') {
        const outDir = rep === 0 ? path.join(work, 'tfg-out', s.name) : undefined;
        const r = runTfg(tfg.path, s.model, { extra: tfgExtra, compare: s.ref, runs: opts.runs, threads: tfgThreads, pipeline: s.pipeline, outputDir: outDir });
        const own = r.rc === 0 && outDir ? compareOutputDir(outDir, s.ref) : { ok: true, outputs: [] };
        if (!r.ok || !own.ok) {
          fail(`${s.name}: TFG ${r.error ?? own.outputs.filter((o) => !o.ok).map((o) => `${o.name}: ${o.why}`).join('; ')}${r.tail ? `\n${r.tail}` : ''}`);
          row.failed = true; break;
        }
        if (outDir) row.worstRelL2 = Math.max(...own.outputs.map((o) => o.relL2 ?? 0));
        row.tfg.push(r.medianMs); row.compile.push(r.compileS);
      } else {
        const outDir = rep === 0 ? path.join(work, 'tfjs-out', s.name) : undefined;
        const r = runTfjs(mj, s, outDir);
        const own = r.ok && outDir ? compareOutputDir(outDir, s.ref) : { ok: r.ok, outputs: [] };
        if (!r.ok || !own.ok) {
          fail(`${s.name}: TF.js-wasm ${r.ok ? `does not reproduce the reference: ${own.outputs.filter((o) => !o.ok).map((o) => `${o.name}: ${o.why}`).join('; ')}` : `failed: ${r.error}`}`);
          row.failed = true; break;
        }
        row.tfjs.push(r.medianMs);
      }
    }
  }
  if (!row.failed) {
    const ratios = row.tfg.map((t, i) => t / row.tfjs[i]);
    Object.assign(row, { tfgMs: median(row.tfg), tfjsMs: median(row.tfjs), compileS: median(row.compile), ratio: median(ratios), ratioMin: Math.min(...ratios), ratioMax: Math.max(...ratios) });
  }
  console.log(`${s.name}: TFG ${fmtMs(row.tfgMs)} ms (compile ${row.compileS?.toFixed(2) ?? '—'} s), TF.js-wasm ${fmtMs(row.tfjsMs)} ms, ratio ${fmtR(row.ratio)}x${row.failed ? ' FAILED' : ''}`);
}

// ---------------------------------------------------------------- table
const out = [];
out.push('## TFG against TensorFlow.js (wasm) on the corpus (`bench/models.sh`)');
out.push('');
out.push(...runHeaderLines(run, opts.quick));
out.push(`- TFG source tree: ${run.commit}; tfg-run ${path.relative(repoRoot, tfg.path) || tfg.path}; threads: ${tfgThreads ?? 1}${tfg.hasThreads ? '' : ' (this tfg-run has no --threads option)'}`);
out.push(`- TF.js: ${tfjs.version}, wasm backend (XNNPACK, SIMD, 1 thread), tools/tfjs-ref/run.mjs; frozen .pb models converted by its pb2tfjs.mjs as their BINDINGS.md says`);
out.push(`- Method: ${opts.reps} repetition(s); each runs every model once in TFG (\`tfg-run --compare REF --runs ${opts.runs}\`, its median) and once in TF.js (\`run.mjs --backend wasm --runs ${opts.runs} --inputs REF\`, its median), the order alternating from model to model and repetition to repetition. Ratio = median over repetitions of TFG / TF.js of the same repetition (range in brackets). Compile = TFG's JIT compile (import to machine code), median. GFLOP/s counts convolutions and matrix products only (\`bench/lib/flops.mjs\`). Every TFG output is compared with the reference (rel L2 ≤ 1e-4), by tfg-run and by this script.`);
out.push('');
out.push('| model | FLOPs | TFG ms | TFG GFLOP/s | TF.js-wasm ms | TF.js GFLOP/s | TFG/TF.js (range) | ≤ 0.27x | compile s | ≤ 2 s | worst rel L2 |');
out.push('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const name = r.name;
  if (r.blocked) { out.push(`| ${name} | — | not lowered: ${r.blocked.replace(/\|/g, '\\|')} | | | | | not measured | | | |`); continue; }
  if (r.failed) { out.push(`| ${name} | | **FAILED** (see below) | | | | | **FAILED** | | | |`); continue; }
  // tfg-run prints its median in ms with 3 decimals: below 1 us it reads 0, and the ratio is only a bound.
  const tiny = r.tfgMs < 0.001;
  const ratioCell = tiny ? `< ${fmtR(0.001 / r.tfjsMs)}x (TFG < 1 µs)` : `**${fmtR(r.ratio)}x** (${fmtR(r.ratioMin)}–${fmtR(r.ratioMax)})`;
  out.push(`| ${name} | ${r.flops == null ? '—' : fmtFlops(r.flops)} | ${tiny ? '< 0.001' : fmtMs(r.tfgMs)} | ${tiny ? '—' : fmtG(r.flops, r.tfgMs)} | ${fmtMs(r.tfjsMs)} | ${fmtG(r.flops, r.tfjsMs)} | ${ratioCell} | ${verdict(r.ratio <= 0.27)} | ${r.compileS.toFixed(2)} | ${verdict(r.compileS <= 2)} | ${r.worstRelL2 == null ? '—' : r.worstRelL2.toExponential(1)} |`);
}
out.push('');
const measured = rows.filter((r) => r.ratio != null);
const base = measured.filter((r) => !r.variant);
if (measured.length) {
  const med = median(base.map((r) => r.ratio));
  out.push(`Targets (issue 16): every model ≤ 0.27x TF.js-wasm: ${measured.filter((r) => r.ratio <= 0.27).length} of ${measured.length} rows met; median ≤ 0.2x: **${fmtR(med)}x** over the ${base.length} rows that are not "+surgery" variants (${verdict(med <= 0.2)}); compile ≤ 2 s: ${measured.filter((r) => r.compileS <= 2).length} of ${measured.length} rows met.`);
  const notes = measured.filter((r) => r.flopsNote).map((r) => `${r.name}: ${r.flopsNote}`);
  if (notes.length) out.push(`FLOP count notes: ${notes.join('; ')}.`);
  out.push('');
}
const blocked = rows.filter((r) => r.blocked);
if (blocked.length) out.push(`Not lowered (utils/run-corpus.sh expects a clear lowering error): ${blocked.map((r) => r.name).join(', ')}.\n`);
out.push(...failureLines(failures));
replaceSection(resultsFile, 'models', out.join('\n'));
fs.mkdirSync(path.dirname(jsonFile), { recursive: true });
fs.writeFileSync(jsonFile, JSON.stringify({ date: new Date().toISOString(), tfg: { path: tfg.path, version: tfg.version, hasThreads: tfg.hasThreads }, tfjs: tfjs.version, opts, rows, failures }, null, 1));
console.log(`\nwrote the "models" section of ${resultsFile} (all numbers: ${jsonFile})`);
exitOnFailures('models', failures);
