// A TypeScript consumer of the package's loading options and of `typelattice/element`, both resolved through
// web/package.json's exports map. @ts-expect-error lines prove the typings reject misuse.
import createTypeLattice, { WasmLoadError } from 'typelattice';
import createSingle from 'typelattice/single';
import { TypeLatticeElement, setModuleOptions, type TypeLatticeSelectDetail } from 'typelattice/element';

export async function loadFrom(base: string): Promise<string> {
  try {
    const tl = await createTypeLattice({ locateFile: (fileName: string, defaultUrl: string | undefined) =>
      defaultUrl ?? new URL(fileName, base) });
    return tl.promoteTypes('float16', 'bfloat16');
  } catch (e) {
    if (e instanceof WasmLoadError) return `${e.url} ${e.status}`;
    throw e;
  }
}

export async function single(): Promise<string> {
  return (await createSingle()).promoteTypes('int8', 'uint8');
}

export function configure(): void {
  setModuleOptions({ locateFile: (fileName) => `/static/${fileName}` });
  // @ts-expect-error locateFile returns a string or a URL
  setModuleOptions({ locateFile: () => 42 });
}

export function watch(el: TypeLatticeElement): string[] {
  const found: TypeLatticeElement | null = document.querySelector('type-lattice');
  el.addEventListener('select', (e) => {
    const detail = (e as CustomEvent<TypeLatticeSelectDetail>).detail;
    console.log(detail.join ?? detail.error, found?.options.system);
  });
  return el.selected;
}
