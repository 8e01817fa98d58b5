// tl.format(name): a format read once by the core, with its facts and the Bits view's calls (docs/wasm.md,
// "Format handles"). Argument checks here; every answer is the core's.
import { describe, requireString, requireOptions } from './arguments.mjs';
import { withFactMessages } from './message.mjs';

/**
 * A code in hex as the core writes it (`typelattice cast` prints '0x7e 448'): lowercase, zero-padded to the
 * format's width in hex digits. The one hex formatter of the JS side; results of the core carry `hex` already.
 */
export function hexCode(code, totalBits) {
  return `0x${code.toString(16).padStart(Math.ceil(totalBits / 4), '0')}`;
}

// The most codes one codes() call lists: every code of a 16-bit format.
const MAX_CODES = 1 << 16;

// `wrapper`: the pieces of typelattice.mjs the handle shares with the one-call functions.
export function formatHandleMaker({ core, unwrap, handleOf, castOptions, valueText, checkedCode, maxSamples }) {
  const count = (value, max, what) => {
    if (typeof value !== 'number') throw new TypeError(`${what} must be a number, got ${describe(value)}`);
    if (!Number.isInteger(value) || value < 0 || value > max) {
      throw new RangeError(`${what} must be an integer from 0 to ${max}, got ${value}`);
    }
    return value;
  };

  return function formatHandle(name) {
    const number = unwrap(core.makeFormat(requireString(name, 'format: the format')));
    const info = core.format_info(number);
    Object.freeze(info.roundModes);
    Object.freeze(info.roundModeRules);
    const limit = 2 ** info.totalBits;
    return handleOf(number, 'format', (call) => ({
      ...info,
      /** The code in the core's hex ('0x7e'). */
      hex: (code) => hexCode(checkedCode(info, code, 'format.hex'), info.totalBits),
      describeCode: (code) => call('describeCode', 'describeCode', checkedCode(info, code, 'describeCode')),
      codes(first, n) {
        checkedCode(info, first, 'codes: first');
        count(n, Math.min(MAX_CODES, limit - first), 'codes: count');
        return call('codes', 'codes', first, n);
      },
      explore(value, opts) {
        const text = valueText(value, 'explore');
        const o = requireOptions(opts, 'explore');
        const { saturate, round, input, from, stochastic } = castOptions(o, 'explore');
        const shown = o.code === undefined || o.code === null ? undefined : checkedCode(info, o.code, 'explore: option code');
        const draws = o.draws === undefined ? 0 : count(o.draws, maxSamples, 'explore: option draws');
        const r = unwrap(call('explore', 'explore', text, saturate, round, input, from, stochastic, shown, draws));
        withFactMessages(r.cast);
        return r;
      },
    }));
  };
}
