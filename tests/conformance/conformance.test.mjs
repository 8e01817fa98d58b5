// One corpus (corpus.txt), three front ends: the CLI, the JS module (node) and the native app (headless, under
// the Xvfb that ctest starts) must give the same answer to every question, byte for byte once each front end's
// own decoration is removed (its program name, the flag an error belongs to, the exception class's name).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import createTypeLattice from '../../web/dist/typelattice.mjs';
import { layoutBlocks } from '../js/module/cli-layout.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const sourceDir = process.env.TYPELATTICE_SOURCE_DIR ?? path.resolve(here, '../..');
const cliPath = process.env.TYPELATTICE_CLI ?? path.join(sourceDir, 'build/native/app/typelattice');
const appPath = process.env.TYPELATTICE_APP ?? path.join(sourceDir, 'build/native/app/gui/typelattice-app');

// ---- the corpus ------------------------------------------------------------------------------------------

function parseCase(line, lineNo) {
  const [question, pinned] = line.split(' => ');
  const words = question.trim().split(/\s+/);
  const dash = words.indexOf('--');
  assert.ok(dash > 0, `corpus line ${lineNo}: no '--' before the operand`);
  const kind = words[0];
  const head = words.slice(1, dash);
  const operand = words.slice(dash + 1).join(' ');
  if (kind === 'cast' || kind === 'facts') return { kind, line, lineNo, format: head[0], options: head.slice(1), value: operand, pinned };
  if (kind === 'select') return { kind, line, lineNo, options: head, names: operand.split(','), pinned };
  if (kind === 'quantize' || kind === 'stored') {
    return { kind, line, lineNo, format: head[0], options: head.slice(1), values: operand.split(','), pinned };
  }
  if (kind === 'compare') return { kind, line, lineNo, operands: operand.split(','), pinned };
  throw new Error(`corpus line ${lineNo}: unknown question '${kind}'`);
}

const corpus = readFileSync(path.join(here, 'corpus.txt'), 'utf8').split('\n')
  .map((line, i) => [line, i + 1]).filter(([line]) => line.trim() && !line.startsWith('#'))
  .map(([line, n]) => parseCase(line, n));

// The names of the core's facts about a cast (cast_facts), as `layout` and the app print them.
const FACTS = new Set(['overflow', 'underflow', 'shortest', 'between', 'tie', 'p(away)', 'expected', 'draw']);

// ---- normalising what each front end prints ---------------------------------------------------------------

// Decoration each front end adds around the core's text: which program speaks, which flag was bad, the name of
// the exception class. What remains must be identical.
function bare(text) {
  return text.replace(/^typelattice(-app)?: /, '').replace(/^--[a-z0-9-]+: /, '').replace(/^TypePromotionError: /, '');
}
const answer = (text) => ({ error: false, text });
const failure = (text) => ({ error: true, text: bare(text) });
const firstLine = (s) => s.split('\n')[0];
// The answer to a selection: its first line, and the core's reason for the join where the output has one.
const withWhy = (first, stdout) => {
  const why = stdout.split('\n').find((l) => l.startsWith('why: '));
  return why === undefined ? first : `${first}\n${why}`;
};

function runOnce(file, args) {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: sourceDir, encoding: 'utf8', maxBuffer: 1 << 24 }, (err, stdout, stderr) => {
      resolve({ status: err ? (typeof err.code === 'number' ? err.code : -1) : 0, signal: err?.signal ?? null,
        stdout, stderr });
    });
  });
}

// A process killed by a signal before it printed anything (seen once in about 3000 app runs under Xvfb on a
// loaded machine, inside the software OpenGL stack) is run again, and said: more than two such deaths in one
// test run fail it, and any death that printed something is an answer like any other.
const deaths = [];
async function run(file, args) {
  const r = await runOnce(file, args);
  if (r.signal === null || r.stdout !== '' || r.stderr !== '') return r;
  deaths.push(`${path.basename(file)} ${args.join(' ')}: ${r.signal}`);
  const again = await runOnce(file, args);
  if (again.signal !== null && again.stderr === '') again.stderr = `died by ${again.signal}`;
  return again;
}

// Runs `jobs` (functions returning promises) at most `width` at a time, keeping their order.
async function pool(jobs, width = 2) {
  const results = new Array(jobs.length);
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  }));
  return results;
}

// A stored layout's answer, from any front end's blocks: for each block "block K", a line per field ("NAME HEX" of its
// bytes; a zero point, packed with other groups', "zeros CODE" of its stored code) and one of its elements
// ("INPUT -> CODE -> VALUE" each).
const STORED_BLOCKS = 4;  // what the app and the playground lay out
function storedText(blocks) {
  return blocks.slice(0, STORED_BLOCKS).map((b, k) => [`block ${k + 1}`,
    ...b.fields.map(([name, bytes]) => `${name} ${bytes}`),
    `elements ${b.elements.join(', ')}`].join('\n')).join('\n');
}
// The CLI's: the bytes of `quantize --layout`, the elements of `quantize`'s text ("  in -> 0xC table -> value").
function cliStoredBlocks(layout, text) {
  const blocks = layoutBlocks(layout).map((fields) => ({ fields, elements: [] }));
  let k = -1;
  for (const line of text.split('\n')) {
    if (/^(block|tile) /.test(line)) ++k;
    const element = /^ {2}(\S+) -> (0x[0-9a-f]+) \S+ -> (\S+)$/.exec(line);
    // Codes as the core's hex_text writes them: the CLI pads ggml's and the integer groups' to their width.
    const code = element ? `0x${Number.parseInt(element[2], 16).toString(16)}` : '';
    if (element && blocks[k]) blocks[k].elements.push(`${element[1]} -> ${code} -> ${element[3]}`);
  }
  return blocks;
}
// The app's headless lines after --stored: "  field NAME: HEX[; scale CODE = VALUE]", "  element J: IN -> CODE ->
// VALUE, bits ...".
function appStoredBlocks(stdout) {
  const blocks = [];
  for (const line of stdout.split('\n').slice(stdout.split('\n').findIndex((l) => l.startsWith('stored: ')))) {
    if (/^block \d+$/.test(line)) blocks.push({ fields: [], elements: [] });
    const field = /^ {2}field (\w+):((?: [0-9a-f]{2})*)(?:; scale (0x[0-9a-f]+))?/.exec(line);
    if (field) blocks.at(-1).fields.push([field[1], field[2] ? field[2].trim() : String(Number(field[3]))]);
    const element = /^ {2}element \d+: (.*), bits /.exec(line);
    if (element) blocks.at(-1).elements.push(element[1]);
  }
  return blocks;
}
// The module's tl.storedBlocks result.
function moduleStoredBlocks(stored) {
  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
  return stored.blocks.map((b) => ({
    fields: b.fields.map((f) => [f.name, f.bytes.length ? hex(f.bytes) : String(f.scales[0].code)]),
    elements: b.elements.map((e) => `${e.inputText} -> 0x${e.code.toString(16)} -> ${e.dequantizedText}`),
  }));
}
const packingOf = (options) => (options.includes('--packing') ? options[options.indexOf('--packing') + 1] : undefined);

// ---- the three front ends ----------------------------------------------------------------------------------

// The tapered formats' names (and alias), which the module casts to through tl.taperedFormat.
const TAPERED = new Set(['posit8', 'posit16', 'hif8', 'hifloat8']);

// A comparison's answer: every system's line, in order.
const compareLines = (stdout, prefix = '') => stdout.split('\n').filter((l) => l.startsWith(prefix) && l !== '')
  .map((l) => l.slice(prefix.length)).join('\n');

const viaCli = {
  async compare(c) {
    const r = await run(cliPath, ['compare', '--', ...c.operands]);
    return r.status === 0 ? answer(compareLines(r.stdout)) : failure(firstLine(r.stderr));
  },
  async cast(c) {
    const r = await run(cliPath, ['cast', '--to', c.format, ...c.options, '--', c.value]);
    return r.status === 0 ? answer(firstLine(r.stdout)) : failure(firstLine(r.stderr));
  },
  async facts(c) {
    const r = await run(cliPath, ['layout', c.format, ...c.options, '--', c.value]);
    if (r.status !== 0) return failure(firstLine(r.stderr));
    return answer(r.stdout.split('\n').map((l) => /^(\S+)\s+(.*)$/.exec(l)).filter((m) => m && FACTS.has(m[1]))
      .map((m) => `${m[1]}: ${m[2]}`).join('\n'));
  },
  async quantize(c) {
    const r = await run(cliPath, ['quantize', '--to', c.format, ...c.options, '--', ...c.values]);
    return r.status === 0 ? answer(r.stdout.trimEnd()) : failure(firstLine(r.stderr));
  },
  async stored(c) {
    const layout = await run(cliPath, ['quantize', '--to', c.format, '--layout', ...c.options, '--', ...c.values]);
    if (layout.status !== 0) return failure(firstLine(layout.stderr));
    const text = await run(cliPath, ['quantize', '--to', c.format, '--', ...c.values]);
    if (text.status !== 0) return failure(firstLine(text.stderr));
    return answer(storedText(cliStoredBlocks(layout.stdout, text.stdout)));
  },
  async select(c) {
    const r = await run(cliPath, ['select', '--explain', ...c.options, '--', ...c.names]);
    if (r.status === 2) return failure(firstLine(r.stderr));
    return answer(withWhy(bare(firstLine(r.stdout || r.stderr)), r.stdout));
  },
};

// The app's questions: the options of one headless run, and how to read its answer. They are asked in --batch
// runs (one window for many runs, app/gui/batch.h); the first of each kind is also asked of a headless start of
// its own, which must answer the same.
const appQuestion = {
  compare: (c) => ({
    args: ['--view', 'compare', `--operands=${c.operands.join(',')}`],
    read: (r) => (r.status === 0 ? answer(compareLines(r.stdout, 'compare: ')) : failure(firstLine(r.stderr))),
  }),
  cast: (c) => ({
    args: ['--view', 'bits', '--format', c.format, ...c.options, `--value=${c.value}`],
    read: (r) => {
      if (r.status !== 0) return failure(firstLine(r.stderr));
      const line = r.stdout.split('\n').find((l) => l.startsWith('bits: '));
      return line === undefined ? answer(`(no bits line in: ${r.stdout})`) : answer(line.slice('bits: '.length));
    },
  }),
  facts: (c) => ({
    args: ['--view', 'bits', '--format', c.format, ...c.options, `--value=${c.value}`],
    read: (r) => (r.status !== 0 ? failure(firstLine(r.stderr))
      : answer(r.stdout.split('\n').filter((l) => FACTS.has(l.split(': ')[0])).join('\n'))),
  }),
  // The blocks view prints the core's block text after its first line (the selection's).
  quantize: (c) => ({
    args: ['--view', 'blocks', '--format', c.format, ...c.options, `--values=${c.values.join(',')}`],
    read: (r) => (r.status !== 0 ? failure(firstLine(r.stderr))
      : answer(r.stdout.split('\n').slice(1).join('\n').trimEnd())),
  }),
  // The blocks view's stored layout (--stored) follows the block text of its default block format.
  stored: (c) => ({
    args: ['--view', 'blocks', `--values=${c.values.join(',')}`, '--stored', c.format, ...c.options],
    read: (r) => (r.status !== 0 ? failure(firstLine(r.stderr)) : answer(storedText(appStoredBlocks(r.stdout)))),
  }),
  select: (c) => ({
    args: [...c.options, `--select=${c.names.join(',')}`],
    read: (r) => (r.status !== 0 ? failure(firstLine(r.stderr)) : answer(withWhy(bare(firstLine(r.stdout)), r.stdout))),
  }),
};

// One --batch run over `argLists`: each run's { status, stdout, stderr }, in order. A batch killed by a signal
// is run again and said, as a single run is.
async function appBatch(argLists) {
  const dir = mkdtempSync(path.join(tmpdir(), 'typelattice-batch-'));
  const file = path.join(dir, 'questions.jsonl');
  writeFileSync(file, argLists.map((a) => JSON.stringify(a)).join('\n') + '\n');
  try {
    const r = await run(appPath, ['--headless', `--batch=${file}`]);
    assert.equal(r.status, 0, `the --batch run failed (${r.signal ?? r.status}): ${r.stderr}`);
    const records = r.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l));
    assert.equal(records.length, argLists.length, 'one answer a line');
    return records.map((rec) => ({ status: rec.status, stdout: rec.stdout, stderr: rec.stderr }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Every question through two --batch runs side by side (the machine's two cores), answers in corpus order.
async function viaApp(kind, cases) {
  const questions = cases.map((c) => appQuestion[kind](c));
  const half = Math.ceil(questions.length / 2);
  const parts = await Promise.all([questions.slice(0, half), questions.slice(half)]
    .map((part) => (part.length ? appBatch(part.map((q) => q.args)) : [])));
  const runs = parts.flat();
  // The first question again, as a headless start of its own: the batch must answer as that start does.
  const alone = await run(appPath, ['--headless', ...questions[0].args]);
  assert.deepEqual({ status: alone.status, stdout: alone.stdout, stderr: alone.stderr }, runs[0],
                   `a --batch line and a headless start answer alike: ${questions[0].args.join(' ')}`);
  return runs.map((r, i) => questions[i].read(r));
}

// The CLI's options as the module's option object: the same words, in the module's spelling.
function jsCastOptions(options) {
  const o = {};
  for (let i = 0; i < options.length; ++i) {
    const flag = options[i];
    if (flag === '--saturate') o.saturate = true;
    else if (flag === '--no-saturate') o.saturate = false;
    else if (flag === '--round') o.round = options[++i];
    else if (flag === '--input') o.input = options[++i];
    else if (flag === '--from') o.from = options[++i];
    else if (flag === '--srnumbits') o.srNumBits = Number(options[++i]);
    else if (flag === '--seed') o.seed = BigInt(options[++i]);
    else throw new Error(`no module spelling for ${flag}`);
  }
  return o;
}
function jsSystemOptions(options) {
  const o = {};
  for (let i = 0; i < options.length; i += 2) {
    const [flag, value] = [options[i], options[i + 1]];
    if (flag === '--system') o.system = value;
    else if (flag === '--mode') o.mode = value;
    else if (flag === '--x64') o.x64 = value === 'on';
    else if (flag === '--lattice') o.lattice = value;
    else throw new Error(`no module spelling for ${flag}`);
  }
  return o;
}

function viaModule(tl) {
  const graphs = new Map();
  const handleFor = (o) => {
    if (o.lattice) {
      if (!graphs.has(o.lattice)) {
        graphs.set(o.lattice, tl.graph(JSON.parse(readFileSync(path.join(sourceDir, o.lattice), 'utf8'))));
      }
      return graphs.get(o.lattice);
    }
    const key = JSON.stringify(o);
    if (!graphs.has(key)) graphs.set(key, tl.system(o));
    return graphs.get(key);
  };
  const guarded = (f) => async (c) => {
    try {
      return answer(await f(c));
    } catch (e) {
      return failure(e.message);
    }
  };
  return {
    // A tapered format is the codecs part's (tl.taperedFormat), the others the formats part's (tl.castValue).
    cast: guarded(async (c) => (TAPERED.has(c.format.toLowerCase())
      ? (await tl.taperedFormat(c.format)).cast(c.value, jsCastOptions(c.options))
      : tl.castValue(c.format, c.value, jsCastOptions(c.options))).line),
    facts: guarded((c) => tl.castValue(c.format, c.value, jsCastOptions(c.options)).facts
      .map((f) => `${f.name}: ${f.text}`).join('\n')),
    quantize: guarded((c) => tl.quantizeDetail(c.values, c.format, {
      scaleMode: c.options.includes('--scale-mode') ? c.options[c.options.indexOf('--scale-mode') + 1] : undefined,
      tensorScale: c.options.includes('--tensor-scale'),
    }).text.trimEnd()),
    compare: guarded((c) => tl.compare(c.operands).map((r) => r.line).join('\n')),
    stored: guarded(async (c) => {
      const packing = packingOf(c.options);
      const stored = await tl.storedBlocks(c.values.map(Number), c.format,
                                           { maxBlocks: STORED_BLOCKS, ...(packing ? { packing } : {}) });
      return storedText(moduleStoredBlocks(stored));
    }),
    select: guarded((c) => {
      const s = handleFor(jsSystemOptions(c.options)).select(c.names);
      return s.reason ? `${s.text}\nwhy: ${s.reason}` : s.text;
    }),
    release: () => graphs.forEach((h) => h.delete()),
  };
}

// ---- the test ----------------------------------------------------------------------------------------------

const show = (a) => (a.error ? `error: ${a.text}` : a.text);

for (const kind of ['cast', 'facts', 'select', 'quantize', 'stored', 'compare']) {
  test(`${kind}: the CLI, the JS module and the app give one answer to every question in the corpus`, async () => {
    const cases = corpus.filter((c) => c.kind === kind);
    const tl = await createTypeLattice();
    const module = viaModule(tl);
    const fromCli = await pool(cases.map((c) => () => viaCli[kind](c)));
    const fromApp = await viaApp(kind, cases);
    const fromModule = [];
    for (const c of cases) fromModule.push(await module[kind](c));
    module.release();

    const disagreements = [];
    cases.forEach((c, i) => {
      const [cli, js, app] = [show(fromCli[i]), show(fromModule[i]), show(fromApp[i])];
      // A pinned answer fixes the first line (the reason, where there is one, follows it).
      if (cli !== js || cli !== app || (c.pinned !== undefined && firstLine(cli) !== c.pinned)) {
        disagreements.push(`line ${c.lineNo}: ${c.line}\n    cli: ${cli}\n    js:  ${js}\n    app: ${app}`);
      }
    });
    assert.ok(cases.length > 0, 'the corpus has questions of this kind');
    if (deaths.length) console.log(`# runs that died by a signal and were run again:\n#   ${deaths.join('\n#   ')}`);
    assert.ok(deaths.length <= 2, `${deaths.length} runs died by a signal:\n${deaths.join('\n')}`);
    assert.equal(disagreements.length, 0,
                 `${disagreements.length} of ${cases.length} questions answered differently:\n` +
                 disagreements.slice(0, 40).join('\n'));
  });
}
