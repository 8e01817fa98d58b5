// The Blocks view's "as libraries store them" section (stored-blocks-panel.js) in English and Simplified Chinese
// (strings.js merges them into its tables).

export const storedEn = {
  'stored.title': 'The same values as libraries store them: GGUF, bitsandbytes, GPTQ, AWQ, MLX, DeepSeek',
  'stored.intro': 'Each library packs the same 4-bit codes differently: bitsandbytes puts element 2i in the high nibble, ggml puts element j and j + 16 in one byte, GPTQ streams the codes through 32-bit words from the low bits, and AWQ interleaves them. Each bit below is coloured by the element whose code it holds; point at an element or at one of its bits to see all of them.',
  'stored.format': 'Format', 'stored.packing': 'Packing (integer groups)',
  'stored.family.bitsandbytes': 'bitsandbytes', 'stored.family.gguf': 'GGUF (ggml)', 'stored.family.gptq': 'GPTQ',
  'stored.family.awq': 'AWQ', 'stored.family.mlx': 'MLX', 'stored.family.deepseek': 'DeepSeek FP8',
  'stored.loading': 'Loading the module\'s codecs part…',
  'stored.facts': '{size} elements per block, {bits} bits per element; {count} values in {blocks} blocks, the first {shown} laid out',
  'stored.block': 'Block {n}',
  'stored.bitTitle': 'element {j}, bit {k} of its code (byte {byte}, bit {bit})',
  'stored.scaleBitTitle': '{field}: byte {byte}, bit {bit}',
  'stored.zeroStored': 'stored as {scales}, packed with the other groups\' zero points',
  'stored.bitsOne': '{field} byte {byte} bit {low}', 'stored.bitsRun': '{field} byte {byte} bits {low}–{high}',
  'stored.col.index': '#', 'stored.col.input': 'Input', 'stored.col.code': 'Code',
  'stored.col.dequantized': 'Dequantized', 'stored.col.error': 'Error', 'stored.col.bits': 'Where its bits are',
};

export const storedZh = {
  'stored.title': '同样的值按各库的存储方式:GGUF、bitsandbytes、GPTQ、AWQ、MLX、DeepSeek',
  'stored.intro': '同样的 4 位编码,各库打包方式不同:bitsandbytes 把元素 2i 放在高半字节,ggml 把元素 j 和 j + 16 放在同一个字节,GPTQ 从低位开始把编码连续写入 32 位字,AWQ 则交错排列。下面每一位按它所属元素的编码着色;指向一个元素或它的某一位,即可看到它的所有位。',
  'stored.format': '格式', 'stored.packing': '打包方式(整数组)',
  'stored.family.bitsandbytes': 'bitsandbytes', 'stored.family.gguf': 'GGUF(ggml)', 'stored.family.gptq': 'GPTQ',
  'stored.family.awq': 'AWQ', 'stored.family.mlx': 'MLX', 'stored.family.deepseek': 'DeepSeek FP8',
  'stored.loading': '正在加载模块的编解码部分…',
  'stored.facts': '每块 {size} 个元素,每个元素 {bits} 位;{count} 个值共 {blocks} 块,展示前 {shown} 块',
  'stored.block': '第 {n} 块',
  'stored.bitTitle': '元素 {j},其编码的第 {k} 位(字节 {byte},第 {bit} 位)',
  'stored.scaleBitTitle': '{field}:字节 {byte},第 {bit} 位',
  'stored.zeroStored': '存储为 {scales},与其他组的零点打包在一起',
  'stored.bitsOne': '{field} 字节 {byte} 第 {low} 位', 'stored.bitsRun': '{field} 字节 {byte} 第 {low}–{high} 位',
  'stored.col.index': '#', 'stored.col.input': '输入', 'stored.col.code': '编码',
  'stored.col.dequantized': '反量化值', 'stored.col.error': '误差', 'stored.col.bits': '各位所在位置',
};
