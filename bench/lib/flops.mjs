// FLOPs of a TF.js graph model's convolutions and matrix products, on the shapes of one real run.
//   node bench/lib/flops.mjs MODEL.json REF_DIR TFJS_REF_DIR
// Runs the model once in TensorFlow.js (wasm backend, the reference's inputs from REF_DIR/summary.json), fetching
// every conv / matmul node with its operands, and prints one JSON line:
//   {"flops": N, "byOp": {"Conv2D": N, ...}, "nodes": N, "skipped": [...]}
// FLOPs = 2 x multiply-adds: conv 2 * |output| * KH * KW * Cin (depthwise: 2 * |output| * KH * KW), transposed conv
// 2 * |out_backprop| * KH * KW * Cin, MatMul / BatchMatMul 2 * |output| * K. Element-wise ops, pooling and
// reductions are not counted: they are memory-bound and would make the GFLOP/s of a model say less.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { readNpy } from './benchlib.mjs';

const [modelPath, refDir, tfjsDir] = process.argv.slice(2);
if (!modelPath || !refDir || !tfjsDir) { console.error('usage: node bench/lib/flops.mjs MODEL.json REF_DIR TFJS_REF_DIR'); process.exit(2); }
const req = createRequire(path.join(path.resolve(tfjsDir), 'package.json'));
const tf = req('@tensorflow/tfjs-core');
const tfc = req('@tensorflow/tfjs-converter');
const wasm = req('@tensorflow/tfjs-backend-wasm');
req('@tensorflow/tfjs-backend-cpu');
wasm.setWasmPaths(path.join(path.dirname(req.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep, false);

const CONV = new Set(['Conv2D', '_FusedConv2D']);
const DEPTHWISE = new Set(['DepthwiseConv2dNative', 'FusedDepthwiseConv2dNative']);
const MATMUL = new Set(['MatMul', '_FusedMatMul', 'BatchMatMul', 'BatchMatMulV2', 'BatchMatMulV3']);
const BACKPROP = new Set(['Conv2DBackpropInput']);

const json = JSON.parse(fs.readFileSync(modelPath, 'utf8'));
const nodes = (json.modelTopology?.node ?? []).filter((n) => CONV.has(n.op) || DEPTHWISE.has(n.op) || MATMUL.has(n.op) || BACKPROP.has(n.op));
const tensorName = (s) => (s.includes(':') ? s : `${s}:0`);
const fetches = new Set();
for (const n of nodes) {
  fetches.add(`${n.name}:0`);
  const ins = (n.input ?? []).filter((x) => !x.startsWith('^'));
  for (const i of BACKPROP.has(n.op) ? [ins[1], ins[2]] : [ins[0], ins[1]]) if (i) fetches.add(tensorName(i));
}

function handler(p) {
  return {
    async load() {
      const dir = path.dirname(p);
      return tf.io.getModelArtifactsForJSON(json, async (manifest) => {
        const specs = []; const buffers = [];
        for (const g of manifest) {
          specs.push(...g.weights);
          for (const f of g.paths) { const b = fs.readFileSync(path.join(dir, f)); buffers.push(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)); }
        }
        return [specs, tf.io.CompositeArrayBuffer.join(buffers)];
      });
    },
  };
}

async function shapes(backend) {
  await tf.setBackend(backend);
  await tf.ready();
  const model = await tfc.loadGraphModel(handler(modelPath));
  const recs = JSON.parse(fs.readFileSync(path.join(refDir, 'summary.json'), 'utf8')).inputs;
  const feeds = {};
  model.inputNodes.forEach((key, i) => {
    const rec = recs.find((r) => r.name === key || r.node === key || r.name === `${key}:0`) ?? recs[i];
    const a = readNpy(path.join(refDir, rec.file));
    const dtype = a.descr === '<f4' ? 'float32' : a.descr === '|b1' ? 'bool' : 'int32';
    feeds[key] = tf.tensor(dtype === 'int32' && a.data instanceof BigInt64Array ? Int32Array.from(a.data, Number) : a.data, a.shape, dtype);
  });
  const names = [...fetches];
  let res;
  try { res = model.execute(feeds, names); } catch (e) {
    if (!/executeAsync/.test(String(e?.message))) throw e;
    res = await model.executeAsync(feeds, names);
  }
  const arr = Array.isArray(res) ? res : [res];
  return Object.fromEntries(names.map((n, i) => [n, arr[i].shape]));
}

let shp;
try { shp = await shapes('wasm'); } catch { shp = await shapes('cpu'); }
const numel = (s) => s.reduce((a, b) => a * b, 1);
const byOp = {}; const skipped = []; let flops = 0;
for (const n of nodes) {
  const ins = (n.input ?? []).filter((x) => !x.startsWith('^')).map(tensorName);
  const out = shp[`${n.name}:0`];
  let f = null;
  if (CONV.has(n.op)) { const w = shp[ins[1]]; if (out && w) f = 2 * numel(out) * w[0] * w[1] * w[2]; }
  else if (DEPTHWISE.has(n.op)) { const w = shp[ins[1]]; if (out && w) f = 2 * numel(out) * w[0] * w[1]; }
  else if (BACKPROP.has(n.op)) { const w = shp[ins[1]], dy = shp[ins[2]]; if (w && dy) f = 2 * numel(dy) * w[0] * w[1] * w[2]; }
  else {
    const a = shp[ins[0]];
    const adj = n.op.startsWith('BatchMatMul') ? n.attr?.adj_x?.b : n.attr?.transpose_a?.b;
    if (out && a) f = 2 * numel(out) * a[adj ? a.length - 2 : a.length - 1];
  }
  if (f == null) { skipped.push(n.name); continue; }
  flops += f; byOp[n.op] = (byOp[n.op] ?? 0) + f;
}
console.log(JSON.stringify({ flops, byOp, nodes: nodes.length, skipped }));
