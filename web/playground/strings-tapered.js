// The Bits view's text for the tapered formats (posit8, posit16, hif8) in English and Simplified Chinese
// (strings.js merges them into its tables). What each field's bits mean is the core's (strings-messages.js).

export const taperedEn = {
  'bits.taperedGroup': 'Tapered precision',
  'field.regime': 'regime', 'field.dot': 'dot', 'field.fraction': 'fraction',
  'fact.exact': 'Exact', 'fact.clamped': 'Out of range',
  'tapered.facts': '{bits} bits, fields whose widths change from code to code; max {max}, smallest positive {min}',
  'tapered.help.posit8': 'A posit (the 2022 Posit Standard, es = 2) has no fixed exponent field. After the sign, the regime is a run of equal bits ended by the opposite bit: k ones give r = k − 1, k zeros give r = −k. Up to 2 exponent bits and the fraction take the bits that are left, so the value (1 + f) × 2^(4r + e) is most precise near 1 and coarser towards 2^±24. Click a bit and watch the fields regroup. A negative code\'s formula reads its bits as they are.',
  'tapered.help.posit16': 'A posit (the 2022 Posit Standard, es = 2) has no fixed exponent field. After the sign, the regime is a run of equal bits ended by the opposite bit: k ones give r = k − 1, k zeros give r = −k. Up to 2 exponent bits and the fraction take the bits that are left, so the value (1 + f) × 2^(4r + e) is most precise near 1 and coarser towards 2^±56. Click a bit and watch the fields regroup. A negative code\'s formula reads its bits as they are.',
  'tapered.help.hif8': 'HiFloat8 (arXiv 2409.16626) starts with a prefix code, the dot, that says how many exponent bits follow (0 to 4); the mantissa gets what is left (3, 2 or 1 bits). Small exponents keep more mantissa bits, so values near 1 are the most precise. Dot 0000 marks the denormals, down to 2^−22. Click a bit and watch the fields regroup.',
  'tapered.scale': '{scale} (the power of two of the leading bit)',
  'tapered.truncated': '{scale} (the power of two of the leading bit; {n} exponent bits past the end of the code, read as 0)',
  'tapered.loading': 'Loading the tapered formats…',
  'tapered.ownRounding': 'the format\'s own', 'tapered.satDefault': 'the format\'s default',
  'embed.instead.tapered': 'The element shows the bits of formats whose fields are fixed, not of {name}. Here is the lattice of the page\'s system instead.',
};

export const taperedZh = {
  'bits.taperedGroup': '渐变精度',
  'field.regime': '游程 (regime)', 'field.dot': '点位 (dot)', 'field.fraction': '小数',
  'fact.exact': '精确', 'fact.clamped': '超出范围',
  'tapered.facts': '{bits} 位,各字段的宽度随编码而变;最大值 {max},最小正值 {min}',
  'tapered.help.posit8': 'posit(2022 年 Posit 标准,es = 2)没有固定的指数字段。符号位之后,regime 是一串相同的位,以一个相反的位结束:k 个 1 表示 r = k − 1,k 个 0 表示 r = −k。最多 2 个指数位和小数部分占用剩下的位,因此值 (1 + f) × 2^(4r + e) 在 1 附近最精确,越接近 2^±24 越粗。点击一个位,看字段如何重新划分。负编码的公式按其原样读取各位。',
  'tapered.help.posit16': 'posit(2022 年 Posit 标准,es = 2)没有固定的指数字段。符号位之后,regime 是一串相同的位,以一个相反的位结束:k 个 1 表示 r = k − 1,k 个 0 表示 r = −k。最多 2 个指数位和小数部分占用剩下的位,因此值 (1 + f) × 2^(4r + e) 在 1 附近最精确,越接近 2^±56 越粗。点击一个位,看字段如何重新划分。负编码的公式按其原样读取各位。',
  'tapered.help.hif8': 'HiFloat8(arXiv 2409.16626)以一个前缀码(dot)开头,它说明后面有几个指数位(0 到 4);尾数占用剩下的位(3、2 或 1 位)。指数小时尾数位多,因此 1 附近的值最精确。dot 为 0000 表示非正规数,最小到 2^−22。点击一个位,看字段如何重新划分。',
  'tapered.scale': '{scale}(最高位的 2 的幂)',
  'tapered.truncated': '{scale}(最高位的 2 的幂;有 {n} 个指数位超出编码末尾,按 0 读取)',
  'tapered.loading': '正在加载渐变精度格式…',
  'tapered.ownRounding': '该格式自身的舍入', 'tapered.satDefault': '该格式的默认做法',
  'embed.instead.tapered': '该元素只显示字段固定的格式的各位,不能显示 {name}。这里给出本页系统的格。',
};
