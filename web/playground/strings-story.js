// The Design story's prose in English and Simplified Chinese, each stage's keyed by its name in tl.designStory()
// (strings.js merges them into its tables).

export const storyEn = {
  'story.intro': 'JAX\'s lattice was designed step by step: start from the categories, add Python scalars, then decide how integers meet floats. Step through the design document\'s stages and see which pairs of types gain or lose a join at each step.',
  'story.legend': 'Every stage is drawn in the same frame, so a type stays in place from stage to stage. Green edges are new at this stage; dashed ones were removed. The last stage is the Lattice view.',
  'stage.today': 'JAX today: the lattice of the Lattice view, over the 18 types of the JAX docs\' table. It is the design document\'s final lattice with bool added below i*: bool promotes to every other type.',
  'stage.python': 'Python itself promotes int to float to complex. Drawn as a chain, the join of two types is simply the later one: a lattice is a compact way to write a promotion table.',
  'stage.categories': 'Within each kind (unsigned, signed, float, complex) a wider type holds every value of a narrower one, so each kind is a chain. No pair across kinds has a join yet.',
  'stage.numpy-scalar-ints': 'NumPy lets a Python scalar defer to the array it meets (int8 array + 1 stays int8). Ignoring value-dependent rules, the scalar sits below every width of its kind.',
  'stage.python-scalars': 'Collapse the scalar types into one node per kind, u*, i*, f*, c*, placed before the chains: the * is a wildcard that takes the width of the array.',
  'stage.combined': 'Join the kinds through the scalars, i* -> f* -> c* (with i* standing in for u*). This is a partial lattice: many pairs still have no join, but what is defined matches NumPy for arrays.',
  'stage.float-complex': 'A complex number is a pair of floats, so float32 -> complex64 and float64 -> complex128 lose nothing. Exactly NumPy\'s rule.',
  'stage.signed-unsigned': 'uint8 does not fit in int8, so unsigned ints promote to signed ints of twice the width. uint64 has nowhere to go: it stays undefined for now. Option 0 stops here and leaves int/float mixing to explicit casts.',
  'stage.int-float-double-width': 'Promoting ints to floats of twice their width (as NumPy does) breaks the lattice: int8 and uint8 now have two unordered upper bounds, int16 and float16. This is NumPy\'s non-associativity.',
  'stage.option1': 'Option 1 avoids precision loss: unsigned ints reach floats through their signed paths. The lattice is restored, but int64/uint64 stay undefined and uint16 with float16 goes all the way to float64.',
  'stage.option2': 'Option 2 lets signed ints promote to floats of the same width: some precision may be lost, never magnitude. int64 -> float64 becomes possible, but float32 with uint32 still gives float64.',
  'stage.option3': 'Option 3 makes integers defer to floats: any int with any float gives that float (through f*), just as Python scalars defer to arrays. No mixed operation widens to 64 bits unless an input is 64-bit.',
  'stage.option3-bfloat16': 'bfloat16 sits beside float16 under f*: neither holds the other\'s values, so their join is float32.',
  'stage.final': 'JAX\'s lattice: option 3 plus uint64 -> f*, so that every pair has exactly one join. The next stage adds bool, as the Lattice view shows it.',
};

export const storyZh = {
  'story.intro': 'JAX 的格是一步步设计出来的:先从各个类别开始,加入 Python 标量,再决定整数与浮点如何相遇。逐步浏览设计文档的各个阶段,看每一步哪些类型对获得或失去了并。',
  'story.legend': '每个阶段都画在同一个框架里,类型在各阶段位置不变。绿色的边是这一阶段新增的,虚线的边是被删除的。最后一个阶段就是"格"视图。',
  'stage.today': '今天的 JAX:"格"视图中的格,覆盖 JAX 文档表格中的 18 种类型。它是设计文档的最终格再在 i* 之下加上 bool:bool 可提升为其他任何类型。',
  'stage.python': 'Python 自身按 int → float → complex 提升。画成一条链时,两个类型的并就是靠后的那个:格是提升表的紧凑写法。',
  'stage.categories': '在每个类别(无符号、有符号、浮点、复数)内,较宽的类型包含较窄类型的所有值,所以每个类别是一条链。跨类别的类型对还没有并。',
  'stage.numpy-scalar-ints': 'NumPy 让 Python 标量服从它遇到的数组(int8 数组 + 1 仍为 int8)。忽略依赖数值的规则,标量位于该类别所有宽度之下。',
  'stage.python-scalars': '把每个类别的标量类型合并为一个节点 u*、i*、f*、c*,放在链的前面:* 是通配符,取数组的宽度。',
  'stage.combined': '通过标量把各类别连起来:i* → f* → c*(i* 兼代 u*)。这是一个部分格:很多类型对仍没有并,但已定义的部分与 NumPy 的数组提升一致。',
  'stage.float-complex': '复数是一对浮点数,所以 float32 → complex64、float64 → complex128 不丢失信息。与 NumPy 的规则完全相同。',
  'stage.signed-unsigned': 'uint8 放不进 int8,所以无符号整数提升为两倍宽度的有符号整数。uint64 无处可去,暂不定义。选项 0 到此为止,整数与浮点的混合需要显式转换。',
  'stage.int-float-double-width': '把整数提升为两倍宽度的浮点(NumPy 的做法)会破坏格:int8 与 uint8 有两个不可比较的上界 int16 和 float16。这正是 NumPy 不满足结合律的来源。',
  'stage.option1': '选项 1 避免精度损失:无符号整数经由有符号整数的路径到达浮点。格得以恢复,但 int64/uint64 仍未定义,且 uint16 与 float16 会一路提升到 float64。',
  'stage.option2': '选项 2 允许有符号整数提升为同宽度的浮点:可能损失精度,但不会弄错数量级。int64 → float64 成为可能,但 float32 与 uint32 仍得到 float64。',
  'stage.option3': '选项 3 让整数服从浮点:任意整数与任意浮点的结果都是那个浮点(经由 f*),正如 Python 标量服从数组。除非有 64 位输入,混合运算不会变宽到 64 位。',
  'stage.option3-bfloat16': 'bfloat16 与 float16 并列于 f* 之下:两者都不能容纳对方的所有值,所以它们的并是 float32。',
  'stage.final': 'JAX 的格:选项 3 加上 uint64 → f*,使每一对类型都恰有一个并。下一阶段加上 bool,即"格"视图所示。',
};
