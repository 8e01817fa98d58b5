// The Compare view's input read as an expression: `uint8 + 300`, `int8 | (uint8 | float16)`, `x: int32; x * 2.5`.
// Operands are what the module's compare() takes (dtype names and aliases, weak types such as i*, Python values);
// operators are Python's binary arithmetic and bitwise ones, with Python's precedence. Text without an operator,
// a parenthesis or a declaration is the older list form ("uint8, 300", "uint64 -1", "2-3.5j"), read exactly as
// before. This module only reads text and walks trees; every answer comes from the module (evaluate()).
import { splitOperands } from './state.js';

// Python's binary operators, loosest first (the Python Language Reference, "Operator precedence"); ** binds right.
const LEVELS = [['|'], ['^'], ['&'], ['<<', '>>'], ['+', '-'], ['*', '/', '//', '%', '@'], ['**']];
const OPERATORS = LEVELS.flat().sort((a, b) => b.length - a.length);
const NUMBER = String.raw`(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?`;
// A Python number as an operand: an optional sign, then an int, a float or an imaginary literal.
const NUMBER_AT = new RegExp(String.raw`[-+]?${NUMBER}[jJ]?`, 'y');
const NAME_AT = /[A-Za-z_][\w.]*/y;
// What a list holds: Python literals the core reads (1+2j and 2-3.5j included), names, weak types (i*).
const LIST_OPERAND = new RegExp(String.raw`^(?:[-+]?${NUMBER}(?:[-+]${NUMBER})?[jJ]?|[A-Za-z]\*)$`);
const EXPRESSION_CHARACTER = /[()+\-*/|&^%@<>:;=~]/;

/** Whether the text is the list form (operands separated by commas or spaces), read with splitOperands. */
export function isOperandList(text) {
  return splitOperands(text).every((token) => !EXPRESSION_CHARACTER.test(token) || LIST_OPERAND.test(token));
}

// A failure of reading: `position` (0-based), `expected` one of 'operand', 'operator', 'close', 'semicolon', or
// 'declared' for a name declared twice (`name`); `found` the text there ('' at the end).
export class ExpressionError extends Error {
  constructor(position, expected, found, name = '') {
    super(`at ${position + 1}: expected ${expected}${found ? `, found '${found}'` : ''}`);
    Object.assign(this, { position, expected, found, name });
  }
}

const leaf = (text, label) => ({ kind: 'leaf', text, label });
const node = (op, left, right) => ({ kind: 'op', op, left, right });

/** The list form as a tree: the operands promoted left to right. */
export function listTree(operands) {
  return operands.map((o) => leaf(o, o)).reduce((left, right) => node(',', left, right));
}

/**
 * Reads `text` into a tree: { kind: 'leaf', text (the operand compare() gets), label (as written: a declared
 * name or the operand) } or { kind: 'op', op, left, right }. Throws ExpressionError. Empty text: null.
 */
export function parseExpression(text) {
  if (isOperandList(text)) {
    const operands = splitOperands(text);
    return operands.length ? listTree(operands) : null;
  }
  let at = 0;
  const declared = new Map();
  const skip = () => { while (at < text.length && /\s/.test(text[at])) ++at; };
  const peek = () => { skip(); return text.slice(at, at + 1); };
  const found = () => { skip(); return (/^\S+/.exec(text.slice(at)) ?? [''])[0].slice(0, 12); };
  const fail = (expected) => { throw new ExpressionError(at, expected, found()); };
  const match = (re) => { skip(); re.lastIndex = at; const m = re.exec(text); return m && m[0]; };

  const operand = () => {
    skip();
    if (text[at] === '(') {
      ++at;
      const inner = expression(0);
      if (peek() !== ')') fail('close');
      ++at;
      return inner;
    }
    const number = match(NUMBER_AT);
    if (number) {
      at += number.length;
      return leaf(number, number);
    }
    const name = match(NAME_AT);
    if (!name) fail('operand');
    at += name.length;
    if (declared.has(name)) return declared.get(name);
    // A weak type (i*, f*, c*): one letter and a star, written together.
    if (name.length === 1 && text[at] === '*' && text[at + 1] !== '*') {
      ++at;
      return leaf(`${name}*`, `${name}*`);
    }
    return leaf(name, name);
  };
  const operatorAt = (level) => {
    skip();
    const op = OPERATORS.find((o) => text.startsWith(o, at));
    return LEVELS[level].includes(op) ? op : null;
  };
  // Precedence climbing over LEVELS; ** groups to the right, every other operator to the left.
  const expression = (level) => {
    if (level === LEVELS.length) return operand();
    let left = expression(level + 1);
    for (let op = operatorAt(level); op; op = operatorAt(level)) {
      at += op.length;
      const right = op === '**' ? expression(level) : expression(level + 1);
      left = node(op, left, right);
      if (op === '**') break;
    }
    return left;
  };

  // Declarations first: `x: int32;` (a name for an operand, or for a group: `x: int8 | uint8;`), then the
  // expression.
  for (;;) {
    const start = (skip(), at);
    const name = match(NAME_AT);
    if (!name) break;
    at += name.length;
    if (peek() !== ':') {
      at = start;
      break;
    }
    if (declared.has(name)) throw new ExpressionError(start, 'declared', '', name);
    ++at;
    const value = expression(0);
    declared.set(name, value.kind === 'leaf' ? leaf(value.text, name) : value);
    if (peek() !== ';') fail('semicolon');
    ++at;
  }
  const tree = expression(0);
  if (peek() !== '') fail('operator');
  return tree;
}

/** The tree's operands, left to right. */
export function leaves(tree) {
  return tree.kind === 'leaf' ? [tree] : [...leaves(tree.left), ...leaves(tree.right)];
}

/** The tree as text: operands as written, every inner group in parentheses; the list form joined with commas. */
export function formatTree(tree, top = true) {
  if (tree.kind === 'leaf') return tree.label;
  if (tree.op === ',') return `${formatTree(tree.left)}, ${formatTree(tree.right)}`;
  const text = `${formatTree(tree.left, false)} ${tree.op} ${formatTree(tree.right, false)}`;
  return top ? text : `(${text})`;
}

/**
 * Every way to group the tree's operands, in their order and with their operators (a list's commas written |):
 * for a, b, c the two trees (a | b) | c and a | (b | c). The left-to-right grouping comes first.
 */
export function groupings(tree) {
  const all = leaves(tree);
  const ops = [];
  (function walk(t) {
    if (t.kind === 'leaf') return;
    walk(t.left);
    ops.push(t.op === ',' ? '|' : t.op);
    walk(t.right);
  })(tree);
  const build = (i, j) => {
    if (i === j) return [all[i]];
    const out = [];
    for (let k = j - 1; k >= i; --k)
      for (const left of build(i, k)) for (const right of build(k + 1, j)) out.push(node(ops[k], left, right));
    return out;
  };
  return build(0, all.length - 1);
}

// The operands of a left-to-right chain of single operands ((a op b) op c), or null for any other tree.
function chain(tree) {
  if (tree.kind === 'leaf') return [tree];
  const left = tree.right.kind === 'leaf' ? chain(tree.left) : null;
  return left && [...left, tree.right];
}

// A row's notes as messages to translate, each with the group it came from (null: the whole expression).
const notesOf = (r) => r.notes ?? (r.noteMessage ? [{ group: null, message: r.noteMessage }] : []);

const rowOf = (r, patch) => ({
  system: r.system, title: r.title, version: r.version, mode: r.mode, x64: r.x64, source: r.source,
  sourceUrl: r.sourceUrl, result: r.result, error: r.error, errorMessage: r.errorMessage, note: r.note,
  notes: notesOf(r), ...patch,
});

/**
 * The rows of compare() for the tree: `compare(operands)` is the module's compare in the wanted mode. A chain
 * a op b op c is one compare([a, b, c]) (its rows exactly); any other grouping promotes each group per system and
 * gives that system's result (a dtype name, weak ones included) to the next compare(). A system's error in a group
 * is its row's error; a note from a group names the group. `note` is the English text; `notes` the same notes as
 * { group, message } for a page that translates them.
 */
export function evaluate(tree, compare, top = true) {
  const operands = chain(tree);
  if (operands) {
    const rows = compare(operands.map((o) => o.text));
    // Inside a bigger expression, a note names its group.
    return rows.map((r) => rowOf(r, top ? {} : { note: r.note && `${formatTree(tree)}: ${r.note}`,
      notes: notesOf(r).map(({ message }) => ({ group: formatTree(tree), message })) }));
  }
  const left = evaluate(tree.left, compare, false);
  const right = evaluate(tree.right, compare, false);
  const calls = new Map();
  return left.map((l, i) => {
    const r = right[i];
    if (l.result === null) return rowOf(l, { note: null, notes: [] });
    if (r.result === null) return rowOf(r, { note: null, notes: [] });
    const key = `${l.result} ${r.result}`;
    if (!calls.has(key)) calls.set(key, compare([l.result, r.result]));
    const notes = [l.note, r.note, calls.get(key)[i].note].filter(Boolean);
    return rowOf(calls.get(key)[i], { note: notes.length ? notes.join(' ') : null,
      notes: [...l.notes, ...r.notes, ...notesOf(calls.get(key)[i])] });
  });
}
