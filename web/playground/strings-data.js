// Simplified Chinese for the texts the module gives as data, keyed by the data's own name: the design story's
// stage titles (tl.designStory(), by stage name), the systems' titles and versions (tl.systems(), by system
// name). English is the module's own text.

export const dataZh = {
  'stageTitle.python': 'Python 的数值塔:int → float → complex(即 i* → f* → c*)',
  'stageTitle.categories': '类别内的提升:四条独立的链',
  'stageTitle.numpy-scalar-ints': 'NumPy 有符号整数,标量类型以 * 标记',
  'stageTitle.python-scalars': '标量类别 u* i* f* c* 位于各类别之下',
  'stageTitle.combined': '合并格:i* → f* → c* 连起各类别(部分格)',
  'stageTitle.float-complex': '浮点与复数混合:f32 → c64,f64 → c128(部分格)',
  'stageTitle.signed-unsigned': '有符号与无符号整数混合(部分格;选项 0 到此为止)',
  'stageTitle.int-float-double-width': '整数提升为两倍宽度的浮点(类似 NumPy;不是格)',
  'stageTitle.option1': '选项 1:避免任何精度损失',
  'stageTitle.option2': '选项 2:避免大多数不必要的变宽',
  'stageTitle.option3': '选项 3:整数服从浮点的宽度',
  'stageTitle.option3-bfloat16': '选项 3,bfloat16 与 float16 并列',
  'stageTitle.final': '设计文档最终确定的 JAX 格(选项 3 + u64 → f*)',
  'stageTitle.today': '今天的 JAX:"格"视图的 18 种类型(bool 位于 i* 之下)',
  'systemTitle.array-api': 'Python 数组 API 标准',
  'systemTitle.c': 'C(常规算术转换)',
  'systemTitle.cpp': 'C++(常规算术转换)',
  'systemTitle.numpy-2021': 'NumPy 1(2021 年附录)',
  'systemTitle.torch-2021': 'PyTorch(2021 年附录)',
  'systemTitle.tensorflow-2021': 'TensorFlow(2021 年附录)',
  'systemTitle.jax-lax': 'jax.lax(2021 年附录)',
  'systemVersion.triton': 'main 分支 0c2e95d(文档)',
  'systemVersion.numpy-2021': '1.x,截至 2021 年',
  'systemVersion.torch-2021': '1.x,截至 2021 年',
  'systemVersion.tensorflow-2021': '2.15 之前的 2.x,截至 2021 年',
  'systemVersion.jax-lax': '截至 2021 年',
};
