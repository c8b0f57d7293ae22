#!/usr/bin/env node
// Extracts WebNN's conformance vectors (web-platform-tests, webnn/conformance_tests/) into the
// per-operator JSON files of tests/conformance/webnn/ (layout: tests/conformance/webnn/SOURCE.md).
//
//   node tools/conformance/wpt_to_webnn.mjs [--out DIR] [--commit SHA] [--only OP,...] FILE...
//
// FILE is either
//   - a web-platform-tests file, webnn/conformance_tests/<op>.https.any.js: it is evaluated in
//     an isolated VM context (no network, no file access) whose harness entry points record the
//     test objects instead of running them, and whose tolerance function (the file's own
//     get...PrecisionTolerance, falling back to the table below) gives each case's tolerance; or
//   - a JSON dump of one such file's test array, {"tests": [...], "wpt_commit": ...} (the test
//     objects as JSON.stringify writes them). JSON has no Infinity or NaN, so a dump holds null
//     where the file had one: such cases are left out, counted, and say so.
// Every case whose graph is one operator becomes a case of that operator's file
// DIR/<webnnOperator>.json; a graph of several operators is kept as a composite case of the
// operator the file tests (features.composite, features.graph). Output is deterministic.
//
// --commit names the web-platform-tests commit the files come from (recorded in "source").
// --only keeps the named WebNN operators' files (default: all the files given).
//
// Written for dmlref; it reads WPT's data and runs none of WPT's harness code.

import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

// WPT's tolerances, per WebNN operator and output data type, used where a file's own tolerance
// function is not at hand (a JSON dump) or defers to utils.js's getPrecisionTolerance. Values
// from webnn/resources/utils.js (operatorToleranceDict, zeroULPToleranceOperatorList, and the
// older PrecisionMetrics table for operators the newer table leaves to their own file); see
// tests/conformance/webnn/SOURCE.md for what was checked against which file.
const ULP = (f32, f16, ints = 0) => ({metric: 'ULP', float32: f32, float16: f16, ints});
const ATOL = (f32, f16) => ({metric: 'ATOL', float32: f32, float16: f16});
export const TOLERANCES = {
  abs: ULP(0, 0), neg: ULP(0, 0), ceil: ULP(0, 0), floor: ULP(0, 0), identity: ULP(0, 0),
  sign: ULP(0, 0), relu: ULP(0, 0), clamp: ULP(0, 0), max: ULP(0, 0), min: ULP(0, 0),
  add: ULP(1, 1), sub: ULP(1, 1), mul: ULP(1, 1), div: ULP(2, 2), pow: ULP(32, 2),
  sqrt: ULP(1, 1), reciprocal: ULP(2, 2), exp: ULP(32, 1),
  log: ATOL(1 / 1024, 1 / 1024), sin: ATOL(1 / 1024, 1 / 512), cos: ATOL(1 / 1024, 1 / 512),
  tan: ATOL(1 / 1024, 1 / 512), erf: ATOL(1 / 1024, 1 / 512),
  equal: ULP(0, 0), notEqual: ULP(0, 0), greater: ULP(0, 0), greaterOrEqual: ULP(0, 0),
  lesser: ULP(0, 0), lesserOrEqual: ULP(0, 0), logicalNot: ULP(0, 0), logicalAnd: ULP(0, 0),
  logicalOr: ULP(0, 0), logicalXor: ULP(0, 0), isNaN: ULP(0, 0), isInfinite: ULP(0, 0),
  where: ULP(0, 0),
  elu: ULP(18, 18), gelu: ULP(18, 18), hardSigmoid: ULP(2, 2), hardSwish: ULP(4, 4),
  leakyRelu: ULP(1, 2), linear: ULP(2, 2), prelu: ULP(1, 1), sigmoid: ULP(34, 10),
  softplus: ULP(18, 18), softsign: ULP(3, 3), tanh: ULP(16, 16),
  dequantizeLinear: ULP(1, 1), quantizeLinear: ULP(1, 1, 1),
};

function tableTolerance(op, dataType) {
  const t = TOLERANCES[op];
  if (!t) return null;
  const value = dataType in t ? t[dataType] : (dataType.startsWith('float') ? undefined : t.ints);
  return value === undefined ? null : {metric: t.metric, value};
}

// ---- reading a WPT file: evaluate it with harness entry points that record the tests.
function evaluateWptFile(file) {
  const recorded = [];
  const sandbox = {
    navigator: {ml: {}},
    location: {search: '?cpu'},
    console,
    Float16Array: globalThis.Float16Array,
    isTargetTest: () => true,
    getExpectedDataTypeOfSingleOutput: (expectedOutputs) => {
      const names = Object.keys(expectedOutputs);
      return expectedOutputs[names[0]].descriptor.dataType;
    },
    getPrecisionTolerance: (graphResources) => graphResources.__tableTolerance,
    getZeroULPTolerance: () => ({metricType: 'ULP', value: 0}),
    // webnn_conformance_test(build, tolerance, test) and the older (tests, build, tolerance).
    webnn_conformance_test: (a, b, c) => {
      if (Array.isArray(a)) a.forEach((t) => recorded.push({test: t, tolerance: c}));
      else recorded.push({test: c, tolerance: b});
    },
    buildAndExecuteGraph: () => {},
    promise_test: () => {}, test: () => {}, promise_setup: () => {}, setup: () => {},
    assert_implements: () => {},
  };
  vm.createContext(sandbox);
  vm.runInContext(fs.readFileSync(file, 'utf8'), sandbox, {filename: file, timeout: 10000});
  return recorded;
}

function toleranceOf(op, expectedType, graph, fn) {
  const fromTable = tableTolerance(op, expectedType);
  if (typeof fn === 'function') {
    let t;
    try {
      t = fn({...graph, __tableTolerance: fromTable && {metricType: fromTable.metric, value: fromTable.value}});
    } catch (e) {
      t = undefined;
    }
    if (t && typeof t === 'object' && typeof t.value === 'number') return {metric: t.metricType, value: t.value};
  }
  return fromTable;
}

// ---- values: the JSON the layout uses.
function value(v) {
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : new BigIntText(v);
  if (typeof v === 'string' && /^-?\d+n$/.test(v)) return value(BigInt(v.slice(0, -1)));
  if (v === null) throw new LostValue();
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return 'Infinity';
  if (v === -Infinity) return '-Infinity';
  return v;
}
class LostValue extends Error {}
// An integer beyond a double's exact range, written as its digits (a JSON integer).
class BigIntText {
  constructor(v) { this.digits = v.toString(); }
  toJSON() { return `__BIGINT_${this.digits}__`; }
}

const size = (shape) => shape.reduce((a, b) => a * b, 1);
// A tensor's data; WPT may give one number for a whole tensor, kept as one value and "fill": true.
function tensorOf(resource, extra = {}) {
  const shape = shapeOf(resource.descriptor);
  const list = Array.isArray(resource.data) || ArrayBuffer.isView(resource.data);
  const t = {dataType: resource.descriptor.dataType, shape, data: (list ? Array.from(resource.data) : [resource.data]).map(value)};
  if (!list && size(shape) > 1) t.fill = true;
  return Object.assign(t, extra);
}
const shapeOf = (descriptor) => Array.from(descriptor.shape ?? descriptor.dimensions);

// ---- one WPT test -> one case of the layout.
function operatorName(file) {
  return path.basename(file).replace(/\.https\.any\.js$|\.json$/, '').replace(/_([a-z])/g, (_, c) => c.toUpperCase());
}

function convertTest(fileOp, test, toleranceFn) {
  const graph = test.graph;
  const ops = graph.operators;
  const expectedNames = Object.keys(graph.expectedOutputs);
  if (expectedNames.length !== 1) return {skip: `${expectedNames.length} outputs`};
  const last = ops[ops.length - 1];
  const op = ops.length === 1 ? ops[0].name : fileOp;
  const inputs = {}, options = {};
  const features = {};
  const main = ops.find((o) => o.name === op) ?? last;
  for (const argument of main.arguments) {
    for (const [name, ref] of Object.entries(argument)) {
      if (typeof ref === 'string' && ref in graph.inputs) {
        const r = graph.inputs[ref];
        inputs[name] = tensorOf(r, {constant: Boolean(r.constant)});
      } else if (typeof ref === 'string') {
        inputs[name] = {intermediate: ref};
      } else if (name === 'options') {
        for (const [k, v] of Object.entries(ref)) options[k] = ['number', 'bigint', 'string'].includes(typeof v) || v === null ? value(v) : v;
      } else {
        options[name] = ref;
      }
    }
  }
  const out = graph.expectedOutputs[expectedNames[0]];
  const expected = tensorOf(out);
  const tolerance = toleranceOf(op, expected.dataType, graph, toleranceFn);
  features.constantOperands = Object.keys(inputs).filter((a) => inputs[a].constant).sort();
  features.broadcast = Object.values(inputs).some((i) => i.shape && JSON.stringify(i.shape) !== JSON.stringify(expected.shape));
  features.composite = ops.length > 1;
  if (ops.length > 1) {
    features.graph = ops.map((o) => {
      const g = {name: o.name};
      for (const a of o.arguments) Object.assign(g, a);
      g.output = o.outputs;
      return g;
    });
  }
  const result = {name: test.name, op, inputs, options, expected};
  if (tolerance) result.tolerance = tolerance;
  result.features = features;
  return {op, result};
}

// ---- output: JSON with one-space indentation; -0 written as -0.0 so that it stays negative.
function stringify(x) {
  return JSON.stringify(x, (k, v) => (Object.is(v, -0) ? '__NEG_ZERO__' : v), 1).replace(/"__NEG_ZERO__"/g, '-0.0')
      .replace(/"__BIGINT_(-?\d+)__"/g, '$1') + '\n';
}

function main(argv) {
  let out = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../tests/conformance/webnn');
  let commit = null, only = null;
  const files = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') out = argv[++i];
    else if (argv[i] === '--commit') commit = argv[++i];
    else if (argv[i] === '--only') only = new Set(argv[++i].split(','));
    else files.push(argv[i]);
  }
  if (!files.length) {
    console.error('usage: wpt_to_webnn.mjs [--out DIR] [--commit SHA] [--only OP,...] FILE...');
    return 2;
  }
  const byOp = new Map();
  for (const file of files) {
    const fileOp = operatorName(file);
    let recorded, fileCommit = commit;
    if (file.endsWith('.json')) {
      const dump = JSON.parse(fs.readFileSync(file, 'utf8'));
      recorded = (Array.isArray(dump) ? dump : dump.tests).map((t) => ({test: t, tolerance: null}));
      fileCommit = fileCommit ?? dump.wpt_commit ?? null;
    } else {
      recorded = evaluateWptFile(file);
    }
    const wptPath = `webnn/conformance_tests/${path.basename(file).replace(/\.json$/, '.https.any.js')}`;
    const source = `web-platform-tests ${fileCommit ?? '(commit not recorded)'} ${wptPath}`;
    let lost = 0, skipped = 0;
    for (const {test, tolerance} of recorded) {
      let converted;
      try {
        converted = convertTest(fileOp, test, tolerance);
      } catch (e) {
        if (!(e instanceof LostValue)) throw e;
        lost++;
        continue;
      }
      if (converted.skip) {
        skipped++;
        continue;
      }
      if (only && !only.has(converted.op)) continue;
      if (!byOp.has(converted.op)) byOp.set(converted.op, {op: converted.op, source, cases: []});
      byOp.get(converted.op).cases.push(converted.result);
    }
    console.log(`${path.basename(file)}: ${recorded.length} tests` +
                (lost ? `, ${lost} left out (an Infinity or NaN the JSON dump holds as null)` : '') +
                (skipped ? `, ${skipped} left out (several outputs)` : ''));
  }
  fs.mkdirSync(out, {recursive: true});
  for (const [op, doc] of [...byOp.entries()].sort()) {
    fs.writeFileSync(path.join(out, `${op}.json`), stringify(doc));
    console.log(`${path.join(out, op + '.json')}: ${doc.cases.length} cases`);
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
