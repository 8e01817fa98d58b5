// The `tfjs` and `jax-js` systems against the npm packages they model, installed (pinned by
// tests/conformance/js-frameworks/package-lock.json) by scripts/install-deps.sh test. Every cell of
// `typelattice table --system S --all` is asked of the library: TensorFlow.js's tf.upcastType and the dtype of
// tf.add on tensors of the two dtypes; jax-js's np.promoteTypes, and np.resultType with a JS number for the weak
// column (f*). Then what Compare says a JS number or boolean does next to each dtype, against tf.add and
// np.resultType with that value. Each test prints how many cells were decided.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = process.env.TYPELATTICE_CLI;
if (!cli) throw new Error('set TYPELATTICE_CLI to the typelattice binary');
const fixture = join(dirname(fileURLToPath(import.meta.url)), 'js-frameworks');
const require = createRequire(join(fixture, 'package.json'));
function importFromFixture(name) {
  if (!existsSync(join(fixture, 'node_modules', name)))
    throw new Error(`${join(fixture, 'node_modules', name)} is missing: scripts/install-deps.sh test`);
  return import(require.resolve(name));
}

function table(system) {
  const rows = execFileSync(cli, ['table', '--system', system, '--all', '--format', 'csv'], { encoding: 'utf8' })
    .trim().split('\n').map((line) => line.split(','));
  const types = rows[0].slice(1);
  return { types, cell: (a, b) => rows[1 + types.indexOf(a)][1 + types.indexOf(b)] };
}

// What Compare's row for `system` says of the operands, as `typelattice compare` prints it.
function compared(system, operands) {
  const out = execFileSync(cli, ['compare', '--', ...operands], { encoding: 'utf8' });
  const line = out.split('\n').find((l) => l.startsWith(`${system}: `));
  assert.ok(line, `no ${system} row in typelattice compare ${operands.join(' ')}`);
  return line.slice(system.length + 2);
}

// JS values as Compare writes them (Python syntax for the boolean), and as JS values.
const VALUES = [['3', 3], ['1.5', 1.5], ['True', true]];

test('tfjs: tf.upcastType and tf.add agree with the table on every pair, and with Compare on JS values', async () => {
  const tf = await importFromFixture('@tensorflow/tfjs-core');
  await importFromFixture('@tensorflow/tfjs-backend-cpu');
  await tf.setBackend('cpu');
  const tensor = (d) => (d === 'complex64' ? tf.complex([1], [0]) : tf.tensor([1], [1], d));
  const { types, cell } = table('tfjs');
  assert.deepEqual([...types].sort(), ['bool', 'complex64', 'float32', 'int32']);
  let cells = 0;
  for (const a of types) {
    for (const b of types) {
      assert.equal(tf.upcastType(a, b), cell(a, b), `upcastType(${a}, ${b})`);
      assert.equal(tf.add(tensor(a), tensor(b)).dtype, cell(a, b), `tf.add(${a}, ${b})`);
      cells += 1;
    }
  }
  let values = 0;
  for (const a of types) {
    for (const [text, value] of VALUES) {
      assert.equal(compared('tfjs', [a, text]), tf.add(tensor(a), value).dtype, `tf.add(${a} tensor, ${text})`);
      assert.equal(compared('tfjs', [text, a]), tf.add(value, tensor(a)).dtype, `tf.add(${text}, ${a} tensor)`);
      values += 2;
    }
  }
  console.log(`tfjs: ${cells} of ${cells} cells decided by TensorFlow.js ${tf.version_core}, all agree; ` +
              `${values} tensor-and-value sums agree`);
});

test('jax-js: np.promoteTypes and np.resultType agree with the table on every pair, and with Compare on JS values',
  async () => {
    const jax = await importFromFixture('@jax-js/jax');
    const np = jax.numpy;
    const { types, cell } = table('jax-js');
    const strong = types.filter((t) => t !== 'f*');
    assert.deepEqual([...strong].sort(), ['bool', 'float16', 'float32', 'float64', 'int32', 'uint32']);
    let cells = 0;
    for (const a of strong) {
      for (const b of strong) {
        assert.equal(np.promoteTypes(a, b), cell(a, b), `promoteTypes(${a}, ${b})`);
        assert.equal(np.resultType(a, b), cell(a, b), `resultType(${a}, ${b})`);
        cells += 1;
      }
      // The weak column: a JS number is a weakly typed float32.
      assert.equal(np.resultType(a, 3), cell(a, 'f*'), `resultType(${a}, 3)`);
      assert.equal(np.resultType(1.5, a), cell('f*', a), `resultType(1.5, ${a})`);
      cells += 2;
    }
    // Two weak operands stay weak: the table's f* is jax-js's weak float32.
    assert.equal(cell('f*', 'f*'), 'f*');
    assert.equal(np.resultType(3, 1.5), 'float32');
    cells += 1;
    let values = 0;
    for (const a of strong) {
      for (const [text, value] of VALUES) {
        assert.equal(compared('jax-js', [a, text]), np.resultType(a, value), `resultType(${a}, ${text})`);
        assert.equal(compared('jax-js', [text, a]), np.resultType(value, a), `resultType(${text}, ${a})`);
        values += 2;
      }
    }
    console.log(`jax-js: ${cells} of ${cells} cells decided by @jax-js/jax 0.1.25, all agree; ` +
                `${values} array-and-value results agree`);
  });
