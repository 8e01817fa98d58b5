// A TypeScript consumer that loads one part of the module: the result's type has only that part's members.
import createTypeLattice, { type PartName, type TypeLattice, type TypeLatticeParts } from 'typelattice';

export async function promotionOnly(): Promise<string> {
  const tl = await createTypeLattice({ parts: ['promotion'] });
  const parts: readonly PartName[] = tl.parts;
  // @ts-expect-error the promotion part has no casts
  tl.castValue('float8_e4m3fn', 1);
  return `${tl.isa} ${parts.join()} ${tl.promoteTypes('int8', 'uint8')}`;
}

export async function formatsOnly(): Promise<number> {
  const tl: TypeLatticeParts<'formats'> = await createTypeLattice({ parts: ['formats'], simd: false });
  // @ts-expect-error the formats part has no promotion
  tl.promoteTypes('int8', 'uint8');
  return tl.castValue('float8_e4m3fn', 1).code + tl.blockFormats().length + tl.heapStats().bytesInUse;
}

export async function both(): Promise<TypeLattice> {
  const whole: TypeLatticeParts<PartName> = await createTypeLattice({ parts: ['formats', 'promotion'] });
  whole.promoteTypes('int8', 'uint8');
  // @ts-expect-error not a part
  await createTypeLattice({ parts: ['casts'] });
  return createTypeLattice();
}
