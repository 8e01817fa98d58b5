// The Compare view's expressions (web/playground/compare-expression.js): how text is read (the old list form
// exactly as before, Python's operators and precedence, declarations, errors with their position), every grouping
// of the operands, and the rows of a grouping against the module's compare() folded here one pair at a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { load } from './helpers.mjs';
import {
  ExpressionError, evaluate, formatTree, groupings, isOperandList, leaves, parseExpression,
} from '../../../web/playground/compare-expression.js';
import { EXAMPLES } from '../../../web/playground/compare-view.js';
import { splitOperands } from '../../../web/playground/state.js';

const tl = await load(true);
const systems = tl.systems().map((s) => s.name);

// A tree as nested arrays: an operand as the text compare() gets, a group as [op, left, right].
const shape = (t) => (t.kind === 'leaf' ? t.text : [t.op, shape(t.left), shape(t.right)]);
const read = (text) => shape(parseExpression(text));

test('a list without operators reads exactly as the comma/space form always did', () => {
  for (const text of ['uint8, 300', 'uint8 300', 'uint64 -1', 'uint64, -1', '2-3.5j', 'int32, 1+2j', 'i*, f*',
    'int8 uint8 float16', 'unit8,300', '1e-3, int8', '+1 uint8', 'np.float32', 'True, False', 'f*']) {
    assert.ok(isOperandList(text), text);
    assert.deepEqual(leaves(parseExpression(text)).map((l) => l.text), splitOperands(text), text);
  }
  // Promoted left to right: ((a, b), c).
  assert.deepEqual(read('int8, uint8, float16'), [',', [',', 'int8', 'uint8'], 'float16']);
  assert.equal(parseExpression(''), null);
  assert.equal(parseExpression(' , '), null);
});

test('operators with Python\'s precedence, parentheses and declarations', () => {
  assert.deepEqual(read('uint8 + 300'), ['+', 'uint8', '300']);
  assert.deepEqual(read('uint8+300'), ['+', 'uint8', '300']);
  assert.deepEqual(read('uint64 + -1'), ['+', 'uint64', '-1']);
  assert.deepEqual(read('uint64 - 1'), ['-', 'uint64', '1']);
  assert.deepEqual(read('int8 | uint8 | float16'), ['|', ['|', 'int8', 'uint8'], 'float16']);
  assert.deepEqual(read('int8 | (uint8 | float16)'), ['|', 'int8', ['|', 'uint8', 'float16']]);
  assert.deepEqual(read('((int8))'), 'int8');
  assert.deepEqual(read('a + b * c'), ['+', 'a', ['*', 'b', 'c']]);
  assert.deepEqual(read('a - b - c'), ['-', ['-', 'a', 'b'], 'c']);
  assert.deepEqual(read('a ** b ** c'), ['**', 'a', ['**', 'b', 'c']]);
  assert.deepEqual(read('a | b & c ^ d'), ['|', 'a', ['^', ['&', 'b', 'c'], 'd']]);
  assert.deepEqual(read('a << b + c // d % e @ f'), ['<<', 'a', ['+', 'b', ['@', ['%', ['//', 'c', 'd'], 'e'], 'f']]]);
  assert.deepEqual(read('f* + 1.5e3'), ['+', 'f*', '1.5e3']);
  assert.deepEqual(read('int32 * 1j'), ['*', 'int32', '1j']);
  // A declaration names an operand; the name is shown, compare() gets the operand.
  const tree = parseExpression('x: int32; x * 2.5');
  assert.deepEqual(shape(tree), ['*', 'int32', '2.5']);
  assert.equal(formatTree(tree), 'x * 2.5');
  assert.deepEqual(read('x: int8; y: 300; (x + y) * x'), ['*', ['+', 'int8', '300'], 'int8']);
  // A name for a group stands for the group.
  assert.deepEqual(read('g: int8 | uint8; g * 1.5'), ['*', ['|', 'int8', 'uint8'], '1.5']);
  // An undeclared name is left to the module (which names the closest dtypes).
  assert.deepEqual(read('y * 2'), ['*', 'y', '2']);
});

test('malformed text: the position and what was expected there', () => {
  const fails = (text, position, expected, found) => {
    assert.throws(() => parseExpression(text), (e) => {
      assert.ok(e instanceof ExpressionError, text);
      assert.deepEqual([e.position, e.expected, e.found], [position, expected, found], text);
      return true;
    });
  };
  fails('uint8 +', 7, 'operand', '');
  fails('uint8 + * 300', 8, 'operand', '*');
  fails('(int8 | uint8', 13, 'close', '');
  fails('int8 | uint8)', 12, 'operator', ')');
  fails('int8 uint8 +', 5, 'operator', 'uint8');
  fails('int8 | )', 7, 'operand', ')');
  fails('x: int32 x * 2', 9, 'semicolon', 'x');
  fails('x: int32;', 9, 'operand', '');
  fails('-x + 1', 0, 'operand', '-x');
  assert.throws(() => parseExpression('x: int8; x: int16; x'), (e) => e.expected === 'declared' && e.name === 'x' &&
    e.position === 9);
});

const catalan = [1, 1, 2, 5, 14];
test('every grouping: the Catalan number of distinct trees over the same operands, left to right first', () => {
  for (let n = 1; n <= 5; ++n) {
    const names = ['int8', 'uint8', 'float16', 'bfloat16', 'int16'].slice(0, n);
    const all = groupings(parseExpression(names.join(' | ')));
    assert.equal(all.length, catalan[n - 1], `${n} operands`);
    assert.equal(new Set(all.map((g) => JSON.stringify(shape(g)))).size, all.length);
    for (const g of all) assert.deepEqual(leaves(g).map((l) => l.text), names);
    // The first is the left-to-right chain.
    assert.deepEqual(shape(all[0]), names.reduce((a, b) => ['|', a, b]));
  }
  assert.deepEqual(groupings(parseExpression('int8 | uint8 | float16')).map((g) => formatTree(g)),
    ['(int8 | uint8) | float16', 'int8 | (uint8 | float16)']);
});

// Each system's answer for a tree, folded here one pair at a time through compare(), independently of evaluate().
function byPairs(tree, opts) {
  if (tree.kind === 'leaf') return systems.map(() => ({ result: tree.text, error: null }));
  const left = byPairs(tree.left, opts);
  const right = byPairs(tree.right, opts);
  return systems.map((s, i) => {
    if (left[i].error !== null) return left[i];
    if (right[i].error !== null) return right[i];
    return tl.compare([left[i].result, right[i].result], opts)[i];
  });
}
// The answer and whether the system refuses (an error's words name the operands of its step, as JAX's do).
const answers = (rows) => rows.map((r) => ({ result: r.result, refused: r.error !== null }));
const MODES = [{ mode: 'standard', x64: true }, { mode: 'strict', x64: false }];

test('for every example, each grouping promotes one pair at a time, and left to right is compare() of the list', () => {
  for (const text of [...EXAMPLES, 'int8 + uint8 + float16 + bfloat16', 'int16 * 1.5 * uint8']) {
    const tree = parseExpression(text);
    const operands = leaves(tree).map((l) => l.text);
    for (const opts of MODES) {
      const all = groupings(tree);
      for (const g of all) {
        const rows = evaluate(g, (ops) => tl.compare(ops, opts));
        assert.deepEqual(rows.map((r) => r.system), systems);
        assert.deepEqual(answers(rows), answers(byPairs(g, opts)), `${formatTree(g)} ${opts.mode}`);
      }
      // Left to right: exactly compare()'s rows (notes, modes and links included), each note as a message too.
      const flat = tl.compare(operands, opts).map(({ line, noteMessage, ...r }) => ({ ...r,
        notes: noteMessage ? [{ group: null, message: noteMessage }] : [] }));
      assert.deepEqual(evaluate(all[0], (ops) => tl.compare(ops, opts)), flat, `${text} ${opts.mode}`);
    }
  }
});

test('NumPy\'s non-associative triple (checkSystem) answers differently for its two groupings', () => {
  const { violation } = tl.checkSystem({ system: 'numpy' });
  assert.equal(violation.kind, 'not_associative');
  const [a, b, c] = violation.inputs;
  const [leftFirst, rightFirst] = groupings(parseExpression(`${a} | ${b} | ${c}`))
    .map((g) => evaluate(g, (ops) => tl.compare(ops)).find((r) => r.system === 'numpy').result);
  assert.deepEqual([leftFirst, rightFirst], [violation.left, violation.right]);
});

test('an error inside a group is that system\'s row; an unknown name is the module\'s error', () => {
  const rows = evaluate(parseExpression('int8 | (uint8 + 300)'), (ops) => tl.compare(ops));
  const inner = tl.compare(['uint8', '300']);
  rows.forEach((r, i) => {
    if (inner[i].error !== null) assert.deepEqual([r.result, r.error], [null, inner[i].error], r.system);
    else assert.equal(r.result, tl.compare(['int8', inner[i].result])[i].result, r.system);
  });
  assert.ok(rows.some((r) => r.error !== null) && rows.some((r) => r.result !== null));
  // The note of a Python value inside a group names the group.
  const torch = rows.find((r) => r.system === 'torch');
  assert.equal(torch.note, `uint8 + 300: ${inner.find((r) => r.system === 'torch').note}`);
  const innerNote = inner.find((r) => r.system === 'torch').noteMessage;
  assert.deepEqual(torch.notes, [{ group: 'uint8 + 300', message: innerNote }]);
  assert.throws(() => evaluate(parseExpression('unit8 + 300'), (ops) => tl.compare(ops)),
    (e) => e instanceof RangeError && /did you mean uint8/.test(e.message));
});
