// Shared pieces of bench/layers.mjs and bench/models.mjs: option parsing, finding the
// prerequisites (tfg-run, the shared tools and their npm packages, the corpus), running
// tfg-run and reading what it prints, comparing .npy outputs, and writing one script's
// section of bench/results.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// ---------------------------------------------------------------- options
// spec: {name: {kind: 'flag'|'string'|'int'|'list', default, help}}; returns {opts, positional}.
// Unknown options and missing values are errors: a typo must not silently run the default.
export function parseOptions(argv, spec, usage) {
  const opts = {};
  for (const [k, s] of Object.entries(spec)) opts[k] = s.default;
  for (let i = 0; i < argv.length; i++) {
    let a = argv[i];
    let inline = null;
    const eq = a.indexOf('=');
    if (a.startsWith('--') && eq > 0) { inline = a.slice(eq + 1); a = a.slice(0, eq); }
    const key = a.replace(/^--/, '').replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    const s = a.startsWith('--') ? spec[key] : undefined;
    if (!s) die(`unknown option '${argv[i]}' (--help lists the options)`, 2);
    if (s.kind === 'flag') { opts[key] = true; continue; }
    const v = inline ?? argv[++i];
    if (v === undefined) die(`option ${a} needs a value (--help lists the options)`, 2);
    if (s.kind === 'int') {
      if (!/^\d+$/.test(v) || +v < (s.min ?? 0)) die(`option ${a}: '${v}' is not an integer >= ${s.min ?? 0}`, 2);
      opts[key] = +v;
    } else if (s.kind === 'list') {
      opts[key] = v.split(',').map((x) => x.trim()).filter(Boolean);
    } else opts[key] = v;
  }
  return opts;
}

export function usageText(head, spec) {
  const lines = [head, '', 'Options:'];
  for (const [k, s] of Object.entries(spec)) {
    const flag = `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}${s.kind === 'flag' ? '' : ` ${s.meta ?? 'VALUE'}`}`;
    lines.push(`  ${flag.padEnd(26)} ${s.help}${s.kind !== 'flag' && s.default !== undefined && s.default !== null ? ` (default ${Array.isArray(s.default) ? s.default.join(',') : s.default})` : ''}`);
  }
  return lines.join('\n');
}

export function die(msg, code = 1) {
  process.stderr.write(`${msg.endsWith('\n') ? msg : `${msg}\n`}`);
  process.exit(code);
}

// ---------------------------------------------------------------- prerequisites
// Each finder returns {ok, path, missing: 'what is missing and how to get it'}.
export function findTfgRun(opts) {
  const build = path.resolve(opts.build ?? process.env.TFG_BUILD_DIR ?? path.join(repoRoot, 'build'));
  const tfg = path.resolve(opts.tfg ?? path.join(build, 'bin/tfg-run'));
  if (!fs.existsSync(tfg)) return { ok: false, path: tfg, missing: `tfg-run: ${tfg} does not exist (build it: ninja -C ${build} tfg-run)` };
  const v = spawnSync(tfg, ['--version'], { encoding: 'utf8' });
  if (v.status !== 0) return { ok: false, path: tfg, missing: `tfg-run: ${tfg} --version failed (rc ${v.status}): ${(v.stderr || '').trim().slice(0, 200)}` };
  // --threads is recent; a tfg-run without it runs on one thread, and a 2-thread TFG column is then not measured.
  const help = spawnSync(tfg, ['--help-hidden'], { encoding: 'utf8' }).stdout ?? '';
  return { ok: true, path: tfg, build, version: v.stdout.trim().replace(/\s+/g, ' '), hasThreads: /^\s*--threads[=\s]/m.test(help) };
}

export function sharedDir(opts) {
  return path.resolve(opts.shared ?? process.env.TFG_SHARED_DIR ?? path.join(repoRoot, '../shared'));
}

// tools/ortbench: the workload specs, ONNX/TF graph writers, and onnxruntime-node in its node_modules.
export function findOrtbench(opts) {
  const dir = path.resolve(opts.ortbench ?? process.env.TFG_ORTBENCH_DIR ?? path.join(sharedDir(opts), 'tools/ortbench'));
  const need = ['common.mjs', 'mkmodels.mjs', 'mktfjsgraph.mjs', 'cmpnpy.mjs'].filter((f) => !fs.existsSync(path.join(dir, f)));
  if (need.length) return { ok: false, path: dir, missing: `ortbench: ${dir} lacks ${need.join(', ')} (pass --ortbench DIR or --shared DIR, the folder holding tools/ortbench)` };
  const req = createRequire(path.join(dir, 'package.json'));
  const pkgs = [];
  for (const p of ['onnxruntime-node', 'protobufjs']) {
    try { req.resolve(`${p}/package.json`); } catch { pkgs.push(p); }
  }
  if (pkgs.length) return { ok: false, path: dir, missing: `npm packages ${pkgs.join(', ')} missing in ${dir}/node_modules (install: cd ${dir} && ONNXRUNTIME_NODE_INSTALL=skip npm ci)` };
  return { ok: true, path: dir, ortVersion: req('onnxruntime-node/package.json').version, require: req };
}

// tools/tfjs-ref with its node_modules: TFG_TFJS_REF_DIR (as the tests use it), BUILD/tfjs-ref (utils/test.sh
// sets it up), or the shared copy if someone installed its packages there.
export function findTfjsRef(opts, build) {
  const cands = opts.tfjsRef ? [opts.tfjsRef] : [process.env.TFG_TFJS_REF_DIR, build && path.join(build, 'tfjs-ref'), path.join(sharedDir(opts), 'tools/tfjs-ref')].filter(Boolean);
  for (const c of cands) {
    const d = path.resolve(c);
    if (fs.existsSync(path.join(d, 'run.mjs')) && fs.existsSync(path.join(d, 'node_modules/@tensorflow/tfjs-backend-wasm/package.json'))) {
      const req = createRequire(path.join(d, 'package.json'));
      return { ok: true, path: d, version: req('@tensorflow/tfjs-core/package.json').version, require: req };
    }
  }
  const shared = path.join(sharedDir(opts), 'tools/tfjs-ref');
  return { ok: false, missing: `TF.js reference runner with its npm packages (@tensorflow/tfjs-*): none in ${cands.map((c) => path.resolve(c)).join(', ')} (set it up: utils/setup-tfjs-oracle.sh ${shared} ${build ? path.join(build, 'tfjs-ref') : 'build/tfjs-ref'}, or pass --tfjs-ref DIR)` };
}

export function findCorpus(opts) {
  const dir = path.resolve(opts.corpus ?? process.env.TFG_CORPUS_DIR ?? path.join(sharedDir(opts), 'corpus'));
  if (!fs.existsSync(path.join(dir, 'tfjs')) || !fs.existsSync(path.join(dir, 'tfjs-ref'))) {
    return { ok: false, path: dir, missing: `corpus: no tfjs/ and tfjs-ref/ in ${dir} (pass --corpus DIR or set TFG_CORPUS_DIR to shared/corpus)` };
  }
  return { ok: true, path: dir };
}

// ---------------------------------------------------------------- tfg-run
// Whether `tfg` has a compiled-model cache to turn off (asked once per
// binary): every compile a bench script times is cold, as the cache would
// report a load as the compile time.
const cacheOption = new Map();
function tfgHasCache(tfg) {
  if (!cacheOption.has(tfg)) {
    const help = spawnSync(tfg, ['--help-hidden'], { encoding: 'utf8' }).stdout ?? '';
    cacheOption.set(tfg, /^\s*--no-cache[=\s]/m.test(help));
  }
  return cacheOption.get(tfg);
}
// One tfg-run process: JIT compile, `runs` timed runs, the comparison with --compare's reference.
export function runTfg(tfg, model, { compare, runs, threads, extra = [], outputDir, pipeline, randomInputs, noCache = true } = {}) {
  const argv = [model, '--runs', String(runs)];
  if (noCache && tfgHasCache(tfg)) argv.push('--no-cache');
  if (compare) argv.push('--compare', compare);
  if (randomInputs) argv.push('--random-inputs');
  if (pipeline) argv.push('--pipeline', pipeline);
  if (threads !== undefined) argv.push('--threads', String(threads));
  if (outputDir) { fs.rmSync(outputDir, { recursive: true, force: true }); fs.mkdirSync(outputDir, { recursive: true }); argv.push('--output-dir', outputDir); }
  argv.push(...extra);
  const w0 = performance.now();
  const r = spawnSync(tfg, argv, { encoding: 'utf8', maxBuffer: 1 << 26 });
  const wallMs = performance.now() - w0;
  const out = `${r.stdout ?? ''}\n${r.stderr ?? ''}`;
  const lat = /latency: median ([\d.]+) ms over (\d+) run/.exec(out);
  const comp = /compile: ([\d.]+) s/.exec(out);
  const cmp = [...out.matchAll(/^\s+(\S+)\s+(ok|FAIL)\s+max_abs=(\S+) rel_l2=(\S+)/gm)]
    .map((m) => ({ name: m[1], ok: m[2] === 'ok', maxAbs: +m[3], relL2: +m[4] }));
  const compared = !compare || (cmp.length > 0 && cmp.every((c) => c.ok));
  return {
    rc: r.status, argv, wallMs, medianMs: lat ? +lat[1] : null, runs: lat ? +lat[2] : null, compileS: comp ? +comp[1] : null,
    compare: cmp, ok: r.status === 0 && !!lat && compared,
    error: r.status === 0 && lat ? (compared ? null : 'tfg-run --compare reported FAIL') : (r.error ? String(r.error) : `rc ${r.status}: ${firstError(out)}`),
    tail: r.status === 0 && lat && compared ? undefined : out.slice(-3000),
  };
}

function firstError(out) {
  const l = out.split('\n').find((x) => /error|FAIL/.test(x));
  return (l ?? out.trim().split('\n').pop() ?? '').trim().slice(0, 300);
}

// ---------------------------------------------------------------- npy
const DTYPES = { '<f4': Float32Array, '<f8': Float64Array, '<i4': Int32Array, '<i8': BigInt64Array, '|u1': Uint8Array, '|b1': Uint8Array, '|i1': Int8Array, '<i2': Int16Array, '<u2': Uint16Array };

export function readNpy(file) {
  const b = fs.readFileSync(file);
  if (b.length < 10 || b.toString('latin1', 0, 6) !== '\x93NUMPY') throw new Error(`${file}: not an .npy file`);
  const hlen = b[6] === 1 ? b.readUInt16LE(8) : b.readUInt32LE(8);
  const off = b[6] === 1 ? 10 : 12;
  const h = b.toString('latin1', off, off + hlen);
  const descr = /'descr':\s*'([^']+)'/.exec(h)?.[1];
  const shapeM = /'shape':\s*\(([^)]*)\)/.exec(h);
  if (!descr || !DTYPES[descr] || !shapeM || /'fortran_order':\s*True/.test(h)) throw new Error(`${file}: unsupported .npy header ${h.trim()}`);
  const shape = shapeM[1].split(',').map((s) => s.trim()).filter(Boolean).map(Number);
  const T = DTYPES[descr];
  const n = shape.reduce((a, x) => a * x, 1);
  const bytes = b.subarray(off + hlen);
  if (bytes.length !== n * T.BYTES_PER_ELEMENT) throw new Error(`${file}: ${bytes.length} data bytes for shape [${shape}] ${descr}`);
  const data = new T(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return { descr, shape, data };
}

export function npyBytes(f32, shape) {
  const shp = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': ${shp}, }`;
  const total = Math.ceil((10 + header.length + 1) / 64) * 64;
  header = header + ' '.repeat(total - 10 - header.length - 1) + '\n';
  const buf = Buffer.alloc(total + f32.byteLength);
  buf.write('\x93NUMPY', 0, 'latin1'); buf[6] = 1; buf[7] = 0; buf.writeUInt16LE(header.length, 8);
  buf.write(header, 10, 'latin1');
  Buffer.from(f32.buffer, f32.byteOffset, f32.byteLength).copy(buf, total);
  return buf;
}

// Float outputs: relative L2 = ||out - ref|| / ||ref|| (the corpus' rule, what tfg-run --compare checks);
// integer and bool outputs must be equal. NaN where the reference has a number is a mismatch.
export function compareArrays(out, ref, rtol = 1e-4) {
  const same = out.shape.join('x') === ref.shape.join('x');
  if (!same) return { ok: false, why: `shape [${out.shape}] vs reference [${ref.shape}]` };
  const isFloat = ref.descr.includes('f');
  let maxAbs = 0, num = 0, den = 0, bad = 0;
  for (let i = 0; i < ref.data.length; i++) {
    const a = Number(out.data[i]), b = Number(ref.data[i]);
    if (Number.isNaN(a) !== Number.isNaN(b)) { bad++; continue; }
    if (Number.isNaN(b)) continue;
    const d = a - b;
    maxAbs = Math.max(maxAbs, Math.abs(d)); num += d * d; den += b * b;
  }
  const relL2 = Math.sqrt(num / (den || 1));
  const ok = bad === 0 && (isFloat ? relL2 <= rtol : maxAbs === 0);
  return { ok, maxAbs, relL2, why: ok ? null : bad ? `${bad} NaN where the reference has a number` : isFloat ? `rel L2 ${relL2.toExponential(2)} > ${rtol}` : `integer output differs (max abs ${maxAbs})` };
}

// Compare the files tfg-run --output-dir wrote with a reference folder's summary.json outputs (same order).
export function compareOutputDir(outDir, refDir, rtol = 1e-4) {
  const refs = JSON.parse(fs.readFileSync(path.join(refDir, 'summary.json'), 'utf8')).outputs;
  const written = fs.existsSync(outDir) ? fs.readdirSync(outDir) : [];
  const res = [];
  refs.forEach((r, i) => {
    const f = written.find((w) => w === r.file) ?? written.find((w) => w.startsWith(`output_${i}_`));
    if (!f) { res.push({ name: r.name, ok: false, why: `no output file for output ${i} in ${outDir}` }); return; }
    try {
      res.push({ name: r.name, ...compareArrays(readNpy(path.join(outDir, f)), readNpy(path.join(refDir, r.file)), rtol) });
    } catch (e) { res.push({ name: r.name, ok: false, why: e.message }); }
  });
  return { ok: res.length > 0 && res.every((x) => x.ok), outputs: res };
}

// ---------------------------------------------------------------- statistics and formatting
export const median = (a) => { const s = [...a].sort((x, y) => x - y); const n = s.length; return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const fmtMs = (v) => (v == null || Number.isNaN(v) ? '—' : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v >= 1 ? v.toFixed(2) : v.toFixed(3));
export const fmtR = (v) => (v == null || Number.isNaN(v) ? '—' : v >= 10 ? v.toFixed(1) : v >= 0.1 ? v.toFixed(2) : v.toPrecision(2));
export const fmtG = (flops, ms) => (!flops || !(ms > 0) ? '—' : (flops / ms / 1e6).toFixed(1));
export const fmtFlops = (f) => (f >= 1e9 ? `${(f / 1e9).toFixed(2)} G` : f >= 1e6 ? `${(f / 1e6).toFixed(1)} M` : f >= 1e3 ? `${(f / 1e3).toFixed(1)} k` : `${f}`);
export const verdict = (ok) => (ok == null ? 'not measured' : ok ? 'met' : '**missed**');

// ---------------------------------------------------------------- environment header
export function gitDescribe(dir) {
  const g = (...a) => spawnSync('git', ['-C', dir, ...a], { encoding: 'utf8' });
  const head = g('rev-parse', '--short=12', 'HEAD');
  if (head.status !== 0) return 'unknown (not a git checkout)';
  const branch = g('rev-parse', '--abbrev-ref', 'HEAD').stdout.trim();
  const dirty = g('status', '--porcelain', '--untracked-files=no', '--', 'lib', 'include', 'tools', 'CMakeLists.txt').stdout.trim() ? ', with uncommitted changes to lib/include/tools' : '';
  const subject = g('log', '-1', '--format=%s').stdout.trim().slice(0, 80);
  return `${head.stdout.trim()} (${branch}${dirty}: "${subject}")`;
}

export function machineLine() {
  const cpus = os.cpus();
  const la = os.loadavg();
  return `${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} logical CPUs, ${Math.round(os.totalmem() / 2 ** 30)} GiB; load average ${la.map((x) => x.toFixed(2)).join(' / ')} (1/5/15 min) at the start`;
}

// ---------------------------------------------------------------- one benchmark run
// What both scripts record of a run: the header's facts as they were when
// the measuring began (the load and commit at the end would describe another
// moment), and the failures (output mismatches, failed runs), each printed
// loudly when it happens, listed in the results, and making the exit status 1.
export function startRun(repoRoot) {
  const run = {
    date: new Date(),
    machine: machineLine(),
    commit: gitDescribe(repoRoot),
    commandLine: ['bench/' + path.basename(process.argv[1]).replace(/\.mjs$/, '.sh'), ...process.argv.slice(2)].join(' '),
    failures: [],
  };
  run.fail = (what) => { run.failures.push(what); console.error(`\n*** OUTPUT MISMATCH / FAILURE: ${what}\n`); };
  return run;
}

// The results header's Date and Machine lines.
export function runHeaderLines(run, quick) {
  return [
    `- Date: ${run.date.toISOString().replace(/\.\d+Z$/, 'Z')}, ${((Date.now() - run.date) / 60000).toFixed(1)} min; command: \`${run.commandLine}\`${quick ? ' (**quick smoke run: too few runs to mean much**)' : ''}`,
    `- Machine: ${run.machine}, ${os.loadavg()[0].toFixed(2)} at the end. Times on shared machines drift; only the ratios, taken interleaved, compare.`,
  ];
}

// The failures as a list for the results (nothing when there are none).
export function failureLines(failures) {
  if (!failures.length) return [];
  return [`**${failures.length} failure(s)** (output mismatch or failed run):`, '', ...failures.map((f) => `- ${f.split('\n')[0]}`), ''];
}

// Exit 1, naming the failures, when there were any.
export function exitOnFailures(script, failures) {
  if (!failures.length) return;
  console.error(`bench/${script}: FAILED: ${failures.length} output mismatch(es) or failed run(s):\n${failures.map((f) => `  - ${f.split('\n')[0]}`).join('\n')}`);
  process.exit(1);
}

// ---------------------------------------------------------------- bench/results.md sections
// Each script owns one section, between `<!-- bench:NAME begin -->` and `<!-- bench:NAME end -->`; a rerun replaces
// it and leaves the other sections alone. docs/performance.md holds the same markers (bench/publish-results.sh).
export function replaceSection(file, name, body) {
  const begin = `<!-- bench:${name} begin -->`, end = `<!-- bench:${name} end -->`;
  const block = `${begin}\n${body.trim()}\n${end}`;
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n\nWritten by bench/layers.sh and bench/models.sh (bench/README.md); each script replaces its own section.\n';
  const i = text.indexOf(begin), j = text.indexOf(end);
  if (i >= 0 && j > i) text = text.slice(0, i) + block + text.slice(j + end.length);
  else text = `${text.trimEnd()}\n\n${block}\n`;
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, text.endsWith('\n') ? text : `${text}\n`);
}

export function readSection(text, name) {
  const begin = `<!-- bench:${name} begin -->`, end = `<!-- bench:${name} end -->`;
  const i = text.indexOf(begin), j = text.indexOf(end);
  return i >= 0 && j > i ? text.slice(i, j + end.length) : null;
}
