// `typelattice quantize --layout`'s blocks as the tests read them (the JS module's, the playground's and the
// conformance corpus's): for each block (or DeepSeek tile), its fields in order as [name, text], the text being the
// field's bytes in hex ("00 3c"), or for a zero point, packed with the other groups', its stored value ("7").
export function layoutBlocks(text) {
  const blocks = [];
  for (const line of text.split('\n')) {
    if (/^(block|tile) /.test(line)) blocks.push([]);
    const bytes = /^ {2}(\w+)(?:\[\d+\])? bytes \d+-\d+: ([0-9a-f ]+?) \(/.exec(line);
    if (bytes) blocks.at(-1).push([bytes[1], bytes[2]]);
    const zero = /^ {2}zeros\[\d+\] bits [^(]*\([^)]*\) = (\d+)/.exec(line);
    if (zero) blocks.at(-1).push(['zeros', zero[1]]);
  }
  return blocks;
}
