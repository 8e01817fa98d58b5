// The core's computed sentences in Simplified Chinese: join reasons, compare notes and the refusals this project
// words arrive as messages (core/include/typelattice/message.h) whose id is the English pattern; this maps each id
// to its translation, with the same %1, %2, … (dtype names, numbers and ranges are filled in as they are). An id
// missing here shows in English; tests/js/module/messages.test.mjs fails on any id the core can produce that has no
// entry.
export const messagesZh = {
  // join reasons (core/promotion/join_reason.cpp)
  '%1: %2': '%1:%2',
  '%1: %2 (%1 becomes %3 with x64 on, %4 with it off)': '%1:%2(开启 x64 时 %1 变为 %3,关闭时变为 %4)',
  '%1: x64 off moved this join from %2: JAX\'s lattice for x64 off has %3 -> %1, not %3 -> %2':
    '%1:关闭 x64 把这个并从 %2 移到了这里:关闭 x64 时 JAX 的格中是 %3 -> %1,而不是 %3 -> %2',
  '%1 with itself is %2 in %3, which does not keep a type\'s own type': '%1 与自身在%3中得到 %2,该表不保持类型自身的类型',
  'a type with itself is itself': '一个类型与自身的并就是它自己',
  '%1 holds bool\'s two values, false and true (0 and 1)': '%1 能表示 bool 的两个值 false 和 true(0 和 1)',
  '%1 and %2 are both Python scalars: the higher kind wins': '%1 和 %2 都是 Python 标量:种类较高者胜出',
  '%1 is a Python scalar (a weak type): it takes the type of %2, whose kind is the same or higher':
    '%1 是 Python 标量(弱类型):它取 %2 的类型,后者的种类相同或更高',
  '%1 is a Python scalar (a weak type): it takes the type of %2': '%1 是 Python 标量(弱类型):它取 %2 的类型',
  '%1 is a Python scalar (a weak type) of a higher kind than %2, so the result is a weak %3':
    '%1 是 Python 标量(弱类型),种类高于 %2,所以结果是弱 %3 类型',
  '%1 is a Python scalar (a weak type); %2 is the least type both promote to in %3':
    '%1 是 Python 标量(弱类型);在%3中,%2 是二者都能提升到的最小类型',
  '%1 holds %2': '%1 能表示%2',
  '%1 promotes to %2 in %3, although %2 does not hold %4': '在%3中 %1 提升为 %2,尽管 %2 不能表示%4',
  '%1 promotes to %2 in %3, although %2 does not hold %4: an integer never widens a floating type in JAX':
    '在%3中 %1 提升为 %2,尽管 %2 不能表示%4:在 JAX 中整数从不加宽浮点类型',
  'the smallest type in %1 that holds %2 and %3%4': '%1中能同时表示%2和%3的最小类型%4',
  'a type in %1 that holds %2 and %3%4': '%1中能同时表示%2和%3的一个类型%4',
  'no integer type holds %1 and %2; %3 is the least type both %4 and %5 promote to in %6, though it does not hold every value of both':
    '没有整数类型能同时表示%1和%2;在%6中,%3 是 %4 和 %5 都能提升到的最小类型,尽管它不能表示二者的每个值',
  '%1 is the least type both %2 and %3 promote to in %4, though it does not hold every value of both':
    '在%4中,%1 是 %2 和 %3 都能提升到的最小类型,尽管它不能表示二者的每个值',
  'every %1 value (%2)': ' %1 的每个值(%2)',
  'every %1 value': ' %1 的每个值',
  '; neither holds the other: %1 has the range (%2, max %3), %4 the precision (%5, epsilon %6)':
    ';二者互不包含:%1 的范围更大(%2,最大值 %3),%4 的精度更高(%5,机器精度 %6)',
  '%1 exponent bits against %2': '指数位 %1 对 %2',
  '%1 significand bits against %2': '有效位 %1 对 %2',
  '%1 against %2': '%1 对 %2',
  '2^-%1 against 2^-%2': '2^-%1 对 2^-%2',
  'about 2^%1': '约 2^%1',
  'bool': 'bool', 'integer': '整数', 'float': '浮点', 'complex': '复数',
  // the systems, as the reasons name them (core/promotion/system_list.h, SystemRow::words)
  'JAX\'s lattice': ' JAX 的格', 'NumPy\'s table': ' NumPy 的表', 'PyTorch\'s table': ' PyTorch 的表',
  'the array API standard\'s table': ' Array API 标准的表', 'Triton\'s rules': ' Triton 的规则',
  'C\'s table': ' C 的表', 'C++\'s table': ' C++ 的表', 'NumPy 1\'s table': ' NumPy 1 的表',
  'PyTorch\'s 2021 table': ' PyTorch 2021 年的表', 'TensorFlow\'s 2021 table': ' TensorFlow 2021 年的表',
  'jax.lax\'s table': ' jax.lax 的表',
  'TensorFlow.js\'s table': ' TensorFlow.js 的表', 'jax-js\'s table': ' jax-js 的表', 'MLX\'s table': ' MLX 的表',
  'Keras\'s table': ' Keras 的表', 'Paddle\'s table': ' Paddle 的表', 'Julia\'s rules': ' Julia 的规则',
  // a user's graph (core/graph/selection.cpp)
  '%1: the least node that %2 and %3 both promote to in this graph (%4; %5)':
    '%1:此图中 %2 和 %3 都能提升到的最小节点(%4;%5)',
  '%1: the only node selected': '%1:唯一选中的节点',
  '%1: the least node that all %2 selected nodes promote to in this graph': '%1:此图中全部 %2 个选中节点都能提升到的最小节点',
  // refusals this project words (core/promotion/refusals.cpp, compare.cpp)
  'dtype %1 is not in the %2 promotion table, whose types are %3': 'dtype %1 不在 %2 的提升表中,表中的类型为 %3',
  'Input dtypes %1 have no available implicit dtype promotion path in %2 (%3 has \'-\' here)%4.':
    '输入 dtype %1 在 %2 中没有可用的隐式 dtype 提升路径(%3在此处为"-")%4。',
  '; the table is asymmetric: in tf.add(x, y) y must be coercible to x\'s dtype, and the other order, %1 with %2, gives %3':
    ';此表不对称:在 tf.add(x, y) 中 y 必须能转换为 x 的 dtype,而反过来 %1 与 %2 得到 %3',
  'Input dtypes %1: their promotion is unspecified by the array API standard (2025.12, type_promotion.rst: mixed kinds, bool with numbers, uint64 with signed integers and Python scalars of other types are left to each library).':
    '输入 dtype %1:Array API 标准(2025.12,type_promotion.rst)未规定它们的提升:混合种类、bool 与数值、uint64 与有符号整数,以及其他种类的 Python 标量,都留给各个库决定。',
  'Input dtypes %1: std::%2_t + std::%3_t is ill-formed in C++23. Their floating-point conversion ranks are unordered ([conv.rank] 6.8.6: neither type\'s set of values is a subset of the other\'s), and [expr.arith.conv] 7.4 ends the floating-point rules with "Otherwise, the expression is ill-formed."':
    '输入 dtype %1:在 C++23 中 std::%2_t + std::%3_t 非良构。二者的浮点转换等级无序([conv.rank] 6.8.6:两个类型的值集合互不包含),而 [expr.arith.conv] 7.4 的浮点规则以"否则,该表达式非良构"结束。',
  'Python int %1 is outside the bounds of %2: unspecified by the array API standard':
    'Python int %1 超出 %2 的范围:Array API 标准未作规定',
  'Python int %1 is outside int64, which PyTorch\'s Scalar holds: PyTorch raises (Overflow)':
    'Python int %1 超出 PyTorch 标量所存放的 int64:PyTorch 报溢出错误',
  'NumPy 1 makes the Python int %1 an object array: no numeric dtype holds it':
    'NumPy 1 把 Python int %1 变成 object 数组:没有数值 dtype 能表示它',
  'the integer literal %1 is too large for long (C++23 [lex.icon])': '整数字面量 %1 超出 long 的范围(C++23 [lex.icon])',
  'the integer constant %1 is too large for long (C23 6.4.4.1)': '整数常量 %1 超出 long 的范围(C23 6.4.4.1)',
  'C++ has no complex literal of a built-in type: %1 would be a std::complex, a class, which the usual arithmetic conversions ([expr.arith.conv]) do not cover':
    'C++ 没有内置类型的复数字面量:%1 会是 std::complex,一个类,而通常算术转换([expr.arith.conv])不涵盖类',
  'Triton has no complex dtype for the Python complex %1': 'Triton 没有能表示 Python complex %1 的复数 dtype',
  'Python int %1 fits none of Triton\'s int32, uint32, int64 and uint64':
    'Python int %1 超出 Triton 的 int32、uint32、int64 和 uint64 的范围',
  // compare notes (core/promotion/compare.cpp)
  'the Python %1 %2': 'Python %1 %2',
  'JAX takes %1 as weakly typed (%2): the other operands decide the type, %3':
    'JAX 把 %1 视为弱类型(%2):类型由其他操作数决定,为 %3',
  'JAX takes %1 as weakly typed (%2): the other operands decide the type, %3, and the value is converted into it, wrapping to %4':
    'JAX 把 %1 视为弱类型(%2):类型由其他操作数决定,为 %3,该值被转换为此类型,回绕为 %4',
  'JAX takes %1 as weakly typed: no operand has a type of its kind or higher, so the result stays weakly typed, %2, the default type of its kind (64-bit with x64 on, 32-bit with it off)':
    'JAX 把 %1 视为弱类型:没有操作数的类型达到其种类或更高,所以结果仍是弱类型 %2,即该种类的默认类型(开启 x64 时 64 位,关闭时 32 位)',
  'NumPy 2 (NEP 50) takes %1 as weak: the other operands decide the type, %2':
    'NumPy 2(NEP 50)把 %1 视为弱类型:类型由其他操作数决定,为 %2',
  'NumPy 2 (NEP 50) takes %1 as weak: the other operands decide the type, %2, and the value must fit it':
    'NumPy 2(NEP 50)把 %1 视为弱类型:类型由其他操作数决定,为 %2,且该值必须在其范围内',
  'NumPy 2 (NEP 50) takes %1 as weak, but its kind is above every array\'s, so the result is NumPy\'s default type of that kind, %2':
    'NumPy 2(NEP 50)把 %1 视为弱类型,但它的种类高于所有数组,所以结果是 NumPy 该种类的默认类型 %2',
  'NumPy 1 looks at the value: %1 takes part as the smallest type of its kind that holds it (np.min_scalar_type), unless its kind is above every array\'s, which gives the kind\'s default type; here %2':
    'NumPy 1 看值本身:%1 以其种类中能表示它的最小类型参与(np.min_scalar_type),除非其种类高于所有数组,那时取该种类的默认类型;这里是 %2',
  'PyTorch converts %1 into %2, where it wraps to %3': 'PyTorch 把 %1 转换为 %2,值回绕为 %3',
  'PyTorch takes %1 by category: a higher category than the tensor\'s gives that category\'s default dtype, otherwise the tensor\'s dtype wins; here %2':
    'PyTorch 按类别处理 %1:类别高于张量时取该类别的默认 dtype,否则张量的 dtype 胜出;这里是 %2',
  'The array API standard: %1 takes the array\'s dtype, %2': 'Array API 标准:%1 取数组的 dtype %2',
  'The array API standard: %1 takes the array\'s dtype, %2, as it lies within its bounds':
    'Array API 标准:%1 取数组的 dtype %2,因为它在该类型的范围内',
  'Triton: a scalar of the tensor\'s kind or lower keeps the tensor\'s dtype; a higher kind gives the lowest of int32, uint32, int64, uint64 (or float32, float64) that holds it; here %1':
    'Triton:种类不高于张量的标量保持张量的 dtype;种类更高时取 int32、uint32、int64、uint64(或 float32、float64)中能表示它的最低者;这里是 %1',
  'C types the constant %1 as %2 (int, or long if int cannot hold it; double for a float); the usual conversions give %3':
    'C 把常量 %1 定为 %2(int,int 放不下时为 long;浮点数为 double);通常算术转换得到 %3',
  'C++ types the literal %1 as %2 (int, or long if int cannot hold it; double for a float; bool for True); the usual arithmetic conversions give %3':
    'C++ 把字面量 %1 定为 %2(int,int 放不下时为 long;浮点数为 double;True 为 bool);通常算术转换得到 %3',
  'TensorFlow.js makes the JS boolean %1 a bool tensor (convertToTensor), not a weak one; upcastType gives %2':
    'TensorFlow.js 把 JS 布尔值 %1 变为 bool 张量(convertToTensor),不是弱类型;upcastType 得到 %2',
  'TensorFlow.js makes the JS number %1 a float32 tensor (convertToTensor), not a weak one; upcastType gives %2':
    'TensorFlow.js 把 JS 数值 %1 变为 float32 张量(convertToTensor),不是弱类型;upcastType 得到 %2',
  'jax-js makes the JS boolean %1 a bool array; %2': 'jax-js 把 JS 布尔值 %1 变为 bool 数组;%2',
  'jax-js makes the JS number %1 a weakly typed float32: with an array it takes the array\'s dtype, or uint32 with a bool array (promoteAvals); here %2':
    'jax-js 把 JS 数值 %1 视为弱类型的 float32:与数组运算时取数组的 dtype,与 bool 数组运算时为 uint32(promoteAvals);这里是 %2',
  'JavaScript has no complex number: %1 is no JS value, and TensorFlow.js makes complex64 only with tf.complex':
    'JavaScript 没有复数:%1 不是 JS 值,TensorFlow.js 只能用 tf.complex 生成 complex64',
  'JavaScript has no complex number: %1 is no JS value, and jax-js has no complex dtype':
    'JavaScript 没有复数:%1 不是 JS 值,而 jax-js 没有复数 dtype',
  'MLX gives %1 its default type, as no operand is an array (an int int32, or int64 outside int32; a float float32; a complex complex64); promote_types gives %2':
    'MLX 给 %1 其默认类型,因为没有操作数是数组(整数为 int32,超出 int32 时为 int64;浮点数为 float32;复数为 complex64);promote_types 得到 %2',
  'MLX converts %1 to the array\'s dtype (an int to int32 with a bool array; a float to float32 unless the array is floating; a complex to complex64); promote_types gives %2':
    'MLX 把 %1 转换为数组的 dtype(与 bool 数组运算时整数为 int32;数组不是浮点类型时浮点数为 float32;复数为 complex64);promote_types 得到 %2',
  'Keras\'s result_type takes the type of %1 (an int or a float weak, a bool bool, a complex complex64) and never its value; here %2':
    'Keras 的 result_type 只取 %1 的类型(整数和浮点数为弱类型,布尔值为 bool,复数为 complex64),从不看它的值;这里是 %2',
  'Paddle keeps a tensor\'s dtype for %1 of its kind (for a bool, any), else gives int64 (a bool tensor), float32 (an integer one) or complex64 (complex128 with float64), unchecked; here %2':
    'Paddle 对与张量同类的 %1 保留张量的 dtype(布尔值保留任何 dtype),否则得到 int64(bool 张量)、float32(整数张量)或 complex64(与 float64 运算时为 complex128),不检查值;这里是 %2',
  'Julia types the literal %1 as %2 (it has no weak literals); promote_type gives %3':
    'Julia 把字面量 %1 定为 %2 类型(它没有弱类型字面量);promote_type 得到 %3',
  'Julia reads %1 as an Int128 or a BigInt (outside Int64), neither in this table':
    'Julia 把 %1 读作 Int128 或 BigInt(超出 Int64),二者都不在此表中',
  'MLX reads a Python int as an int64 (to_array): %1 is outside it, and the call fails':
    'MLX 把 Python 整数读作 int64(to_array):%1 超出其范围,调用失败',
  '%1 has no rule for values here: %2 counts as its weak type %3, giving %4':
    '%1 在此没有针对值的规则:%2 按其弱类型 %3 计,得到 %4',
  // cast facts (core/formats/cast_request.cpp, cast_facts)
  '%1 has no Inf: past its max, %2, a cast without saturation gives NaN': '%1 没有 Inf:超过其最大值 %2 时,不饱和的转换得到 NaN',
  'past the max, %1, a cast without saturation gives Inf': '超过最大值 %1 时,不饱和的转换得到 Inf',
  'below the smallest positive value, %1: rounded to 0': '小于最小正值 %1:舍入为 0',
  'below the smallest positive value, %1: rounded up, away from 0': '小于最小正值 %1:向上舍入,远离 0',
  '%1 and %2': '%1 与 %2',
  'halfway: ties-to-even gives %1, ties-to-away %2': '正好在中间:平局取偶得到 %1,平局远离零得到 %2',
  'one draw: srbits %1 of 2^%2': '一次抽取:srbits 为 %1(共 2^%2 种)',
  // round modes' rules (core/formats/cast_request.cpp, kRoundModes), messages without parts
  '2^k <= x < 2^(k+1) gives 2^(k+1) unless x = 2^k (ONNX\'s default)': '2^k <= x < 2^(k+1) 时得到 2^(k+1),除非 x = 2^k(ONNX 的默认)',
  '2^k (toward zero)': '2^k(向零)',
  '2^(k+1) if x >= 1.5 * 2^k, else 2^k (1.5 * 2^k, the midpoint, rounds up)':
    'x >= 1.5 * 2^k 时为 2^(k+1),否则为 2^k(中点 1.5 * 2^k 向上舍入)',
  'the nearer value; a tie takes the even code (the default)': '较近的值;平局时取偶数编码(默认)',
  'the nearer value; a tie takes the one farther from zero': '较近的值;平局时取离零较远者',
  'the value below |x|: truncation': '|x| 之下的值:截断',
  'the value above x (toward +Inf)': 'x 之上的值(向 +Inf)',
  'the value below x (toward -Inf)': 'x 之下的值(向 -Inf)',
  'x if exact, else whichever value around x has the odd code': '精确时为 x,否则取 x 两侧编码为奇数的那个值',
  'away from zero iff round_half_even(delta * 2^srnumbits) + srbits >= 2^srnumbits, delta the fraction of a step':
    '当且仅当 round_half_even(delta * 2^srnumbits) + srbits >= 2^srnumbits 时远离零,delta 为一步中的比例',
  // a selection's text, why a graph has no join, and why it is not a lattice (core/graph/selection.cpp,
  // core/graph/join.cpp, core/graph/lattice.cpp)
  'join: %1': '并:%1', 'join: none (nothing selected)': '并:无(未选择任何类型)',
  'not a lattice: %1 have no common upper bound (nothing both promote to)': '不是格:%1 没有公共上界(没有两者都能提升到的节点)',
  'not a lattice: %1 have %2 minimal upper bounds, %3, and none of them promotes to the others, so their join is not unique':
    '不是格:%1 有 %2 个最小上界 %3,它们互相都不能提升,所以并不唯一',
  '%1 have no common upper bound.': '%1 没有公共上界。',
  '%1 have no least upper bound: %2 are minimal upper bounds and none promotes to another.':
    '%1 没有最小上界:%2 都是极小上界,且互相都不能提升。',
  '%1 has no least upper bound: %2 are minimal upper bounds, and they promote to one another around a cycle.':
    '%1 没有最小上界:%2 都是极小上界,且它们沿一个环互相提升。',
  '%1 have no least upper bound: %2 are minimal upper bounds, and they promote to one another around a cycle.':
    '%1 没有最小上界:%2 都是极小上界,且它们沿一个环互相提升。',
  'not a lattice: cycle %1 (promotion must never lead back to where it started)': '不是格:环 %1(提升绝不能回到起点)',
  // the tapered formats' fields and casts (core/tapered/: posit.cpp, hif8.cpp, tapered_cast.cpp)
  'negative': '负', 'positive': '正',
  '0000: denormal (or zero / NaN)': '0000:非规格化数(或零 / NaN)',
  'D = %1: a %1-bit exponent': 'D = %1:%1 位指数',
  'E = %1(2^%2 + %3) = %4 (sign bit, then the magnitude after its implicit leading 1)':
    'E = %1(2^%2 + %3) = %4(先是符号位,再是隐含的前导 1 之后的数值位)',
  'M = 0 after dot 0000: zero (sign 0) or NaN (sign 1)': 'dot 为 0000 时 M = 0:零(符号 0)或 NaN(符号 1)',
  'M = %1: the exponent M − 23': 'M = %1:指数为 M − 23',
  '1.M = 1 + %1': '1.M = 1 + %1',
  's = %1': 's = %1', 's = 0: positive': 's = 0:正数',
  's = 1: negative (the closed form below reads the bits as they are)': 's = 1:负数(下面的闭式按位原样读取)',
  'all zeros after the sign 1: NaR': '符号 1 之后全为零:NaR', 'all zeros: zero': '全为零:零',
  '%1 one': '%1 个 1', '%1 ones': '%1 个 1', '%1 zero': '%1 个 0', '%1 zeros': '%1 个 0',
  'r = %1 (run of %2, then the terminator %3)': 'r = %1(连续 %2,然后是终止位 %3)',
  'r = %1 (run of %2 to the end: no terminator)': 'r = %1(连续 %2 直到末尾:没有终止位)',
  'e = %1': 'e = %1', 'e = %1 (its last bit is cut off by the end of the code and reads as 0)':
    'e = %1(最后一位被编码的末尾截去,按 0 读取)',
  'f = %1': 'f = %1',
  'yes': '是', 'no (error %1)': '否(误差 %1)',
  'infinities have no posit: NaR': '无穷大没有对应的 posit:NaR',
  'beyond maxpos: rounded to ±maxpos (posits never overflow)': '超出 maxpos:舍入到 ±maxpos(posit 从不溢出)',
  'below minpos: rounded to ±minpos (posits never round to 0)': '小于 minpos:舍入到 ±minpos(posit 从不舍入到 0)',
  'beyond the range: infinity': '超出范围:无穷大', 'beyond max: saturated to max': '超出最大值:饱和到最大值',
  'below half the smallest denormal: flushed to 0': '小于最小非规格化数的一半:冲刷为 0',
};
