// A TypeScript consumer of the published package: it must compile against web/dist/typelattice.d.ts through
// web/package.json's exports map. @ts-expect-error lines prove the typings reject misuse.
import createTypeLattice, {
  TypePromotionError,
  type AnalysisReport,
  type TaperedCast,
  type StoredBlocks,
  type TaperedFormat,
  type CastResult,
  type CodeLayout,
  type CompareRow,
  type FormatEntry,
  type Graph,
  type LatticeDrawing,
  type PromotionTable,
  type Selection,
  type SystemHandle,
  type GraphHandle,
  type TypeLattice,
  type BlockFormatInfo,
  type QuantizedBlocks,
  type QuantizedOneBlock,
  type FormatHandle,
  type ExploreResult,
} from 'typelattice';

export async function useIt(): Promise<string> {
  const tl: TypeLattice = await createTypeLattice({ simd: false });
  const isa: 'wasm_simd128' | 'scalar' = tl.isa;
  const joined: string = tl.promoteTypes('int8', 'float16', { system: 'jax', mode: 'strict', x64: true });
  const rt: string = tl.resultType(['int8', 'uint8', 'f*']);
  const table: PromotionTable = tl.table({ system: 'numpy', types: ['int8', 'uint8'] });
  const firstCell: string | null = table.cells[0][0];
  const drawing: LatticeDrawing | null = tl.lattice();
  const rows: CompareRow[] = tl.compare(['uint8', '300']);
  const answer: string = rows[0].result ?? rows[0].error ?? rows[0].line;
  const note: string | null = rows[0].note;
  const why = rows[0].errorMessage;
  const whyText: string = why === null ? '' : tl.renderMessage(why);
  const modes: boolean = tl.systems()[0].modes && answer.length > 0 && note !== '' && whyText !== 'x';
  // @ts-expect-error operands are strings, as typed
  tl.compare(['uint8', 300]);
  const strict: CompareRow = tl.compare(['float32', 'int32'], { mode: 'strict', x64: false })[0];
  const used: 'standard' | 'strict' | null = strict.mode;
  const usedX64: boolean | null = strict.x64;
  const usedWords: string = `${used ?? 'one mode'}, x64 ${usedX64 ?? 'n/a'}`;
  // @ts-expect-error every system answers: compare takes no system
  tl.compare(['uint8'], { system: 'numpy' });
  const x: number | undefined = drawing?.nodes[0].x;
  const formats: FormatEntry[] = tl.formats();
  const bytes: Uint8Array = tl.castFloat32(new Float32Array([1, 2]), 'float8_e8m0fnu', { saturate: false, round: 'up' });
  const halves: Uint16Array = tl.castFloat32(new Float32Array([1, 2]), 'float16');
  const either: Uint8Array | Uint16Array = tl.castFloat32(new Float32Array(1), 'FLOAT8E4M3FN' as string);
  const decoded: Float32Array = tl.decode(bytes, 'float8_e4m3fn');
  const layout: CodeLayout = tl.layout('float8_e4m3fn', 0x38);
  const cast: CastResult = tl.castValue('float8_e4m3fn', '1000', { input: 'decimal', from: 'float32' });
  const sr: CastResult = tl.castValue('float8_e4m3fn', '4.1', { round: 'stochastic', srNumBits: 8 });
  const share: number | null = sr.awayProbability;
  const mean: number | null = sr.expectedValue;
  const away: number | undefined = sr.bracket?.awayCode;
  const factNames: string[] = sr.facts.map((f) => `${f.name}: ${f.text}`);
  const samples: Uint32Array = tl.castSamples('float8_e4m3fn', 4.1, 1000, { round: 'stochastic', seed: 3n });
  const shortest: string = tl.shortestDecimal('float8_e4m3fn', 0x01);
  void [share, mean, away, factNames, samples, shortest];
  const e4m3: FormatHandle = tl.format('float8_e4m3fn');
  const explored: ExploreResult = e4m3.explore('4.1', { round: 'stochastic', seed: 3n, draws: 100, code: 0x48 });
  const hexes: string[] = [e4m3.hex(0x7e), explored.shown.hex, ...explored.rows.map((r) => r.cast?.hex ?? r.message ?? '')];
  const drawn: Uint32Array | null = explored.samples;
  const scale: boolean = e4m3.isScaleFormat && e4m3.saturateByDefault;
  const neighbour: number | undefined = explored.cast?.up?.code ?? e4m3.describeCode(0x48).down?.code;
  // @ts-expect-error a handle's facts are read-only
  e4m3.totalBits = 9;
  e4m3.delete();
  void [hexes, drawn, scale, neighbour];
  const line: string = cast.line;
  const width: 1 | 2 | 4 = formats[0].codeBytes;
  const p3109: FormatEntry[] = tl.formats('p3109');
  const family: 'builtin' | 'p3109' | 'defined' = tl.formatInfo('e4m3:fn:bias=7').family;
  const graph: Graph = { nodes: ['a', 'b'], edges: [['a', 'b']] };
  const check = tl.checkLattice(graph);
  const kind: 'cycle' | 'no_upper_bound' | 'no_least_upper_bound' | undefined = check.violation?.kind;
  const join: string | null = tl.joinOnGraph(graph, ['a']).join;
  const reach: string[] = tl.reachable(graph, 'a');
  const heap: number = tl.heapStats().bytesInUse;
  const jax: SystemHandle = tl.system({ system: 'jax', x64: false });
  const selection: Selection = jax.select(['int8', 'uint8']);
  const selectionLine: string = selection.text;
  const byHandle: string = jax.promoteTypes('int8', 'uint8');
  jax.delete();
  const compiled: GraphHandle = tl.graph(graph);
  const competing: string[] = compiled.select(['a']).minimalUpperBounds;
  compiled.delete();
  try {
    tl.promoteTypes('int8', 'float16', { mode: 'strict' });
  } catch (e) {
    if (e instanceof TypePromotionError) return e.message;
  }

  // @ts-expect-error: dtype names are strings
  tl.promoteTypes(8, 'int8');
  // @ts-expect-error: a handle's promotion takes no options; they were fixed when it was compiled
  tl.system().promoteTypes('int8', 'uint8', { system: 'numpy' });
  // @ts-expect-error: no such system
  tl.table({ system: 'matlab' });
  // @ts-expect-error: casts take a Float32Array
  tl.castFloat32([1, 2], 'float8_e4m3fn');
  // @ts-expect-error: a float16 cast gives 16-bit codes
  const wrong: Uint8Array = tl.castFloat32(new Float32Array(1), 'float16');
  // @ts-expect-error: round is up | down | nearest
  tl.castFloat32(new Float32Array(1), 'float8_e8m0fnu', { round: 'sideways' });
  // @ts-expect-error: formats() takes 'builtin' or 'p3109'
  tl.formats('defined');
  // @ts-expect-error: the module object is read-only
  tl.isa = 'scalar';
  const blockFormats: BlockFormatInfo[] = tl.blockFormats();
  const quantized: QuantizedBlocks = tl.quantizeBlocks(new Float32Array([7.5, 1]), 'mxfp4_e2m1', { scaleMode: 'rceil' });
  const back: Float32Array = tl.dequantizeBlocks(quantized, 'mxfp4_e2m1');
  const block: QuantizedOneBlock = tl.quantizeBlock(['7.5', '1'], 'nvfp4', { tensorScale: true });
  const direction: 'down' | 'exact' | 'up' = block.elements[0].direction;
  // @ts-expect-error: no such scale mode
  tl.quantizeBlocks(new Float32Array(1), 'mxfp8_e4m3', { scaleMode: 'round' });
  const report: AnalysisReport = await tl.analyze(new Blob([]), { to: ['nvfp4'], tensors: ['layers.*'], worst: 2,
    onProgress: ({ bytes, total }) => bytes / total, signal: new AbortController().signal });
  const sqnr: number | null = report.tensors[0].targets[0].sqnr_db;
  const blockMedian: number | null | undefined = report.tensors[0].targets[0].block_sqnr_db?.median;
  // @ts-expect-error: a path is not a source
  tl.analyze('model.safetensors');
  const posit: TaperedFormat = await tl.taperedFormat('posit8');
  const regime: string = posit.layout(0x44).fields[1].meaning;
  const castToPosit: TaperedCast = posit.cast('3.3', { input: 'decimal' });
  const clamped: boolean = castToPosit.facts.some((f) => f.name === 'clamped');
  // @ts-expect-error: a code is a number
  posit.layout('0x44');
  const stored: StoredBlocks = await tl.storedBlocks([0.5, -1], 'int4_g32', { packing: 'awq', maxBlocks: 1 });
  const firstBit: number = stored.blocks[0].elements[0].bits[1];
  const storedScale: number = stored.blocks[0].fields[0].scales[0].value;
  const families: string[] = (await tl.storedBlockFormats()).map((f) => f.family);
  // @ts-expect-error: values are numbers
  tl.storedBlocks('0.5 -1', 'nf4');

  return [isa, joined, rt, firstCell, x, formats.length, halves.length, either.length, decoded[0], layout.category,
          cast.saturated, line, width, p3109.length, family, kind, join, reach.length, heap, wrong.length, selectionLine, byHandle, competing.length,
          blockFormats.length, back[0], block.statistics.sqnrDb, direction, modes, usedWords, sqnr, blockMedian, regime,
          clamped, firstBit, storedScale, families.length].join(' ');
}
