// Moving typed arrays through the wasm heap: every allocation is checked against the most the heap can grow to
// before anything is allocated, and every buffer is freed on the way out, thrown or not.

/** allocate, fits and throughHeap over `core`'s heap (its _malloc, _free, HEAPU8 and heapBytesInUse). */
export function heapFunctions(core, MAXIMUM_MEMORY_BYTES, unwrap) {
  // Allocates `bytes` in the wasm heap or throws a RangeError; never hands back a smaller buffer.
  function allocate(bytes, what, heap = core) {
    const address = heap._malloc(Math.max(bytes, 1));
    if (address === 0) {
      throw new RangeError(`${what}: the WebAssembly heap could not grow by ${bytes} bytes; ` +
                           'split the array into smaller pieces');
    }
    return address;
  }

  // Throws a RangeError when `bytes` more could not fit in the heap, before anything is allocated.
  function fits(bytes, what) {
    if (bytes + core.heapBytesInUse() > MAXIMUM_MEMORY_BYTES) {
      throw new RangeError(`${what}: the values need ${bytes} bytes of WebAssembly heap, more than it can ` +
                           `hold (${MAXIMUM_MEMORY_BYTES} bytes); split the array into smaller pieces`);
    }
  }

  // Copies `input` (an `InArray`, or a subclass such as node's Buffer) into the heap, runs
  // `kernel(inAddress, outAddress)`, and copies `input.length` outputs of `OutArray` out.
  function throughHeap(input, InArray, OutArray, kernel, what) {
    const count = input.length;
    if (count === 0) return new OutArray(0);
    const needed = input.byteLength + count * OutArray.BYTES_PER_ELEMENT;
    if (needed + core.heapBytesInUse() > MAXIMUM_MEMORY_BYTES) {
      throw new RangeError(`${what}: ${count} values need ${needed} bytes of WebAssembly heap, more than it can ` +
                           `hold (${MAXIMUM_MEMORY_BYTES} bytes); split the array into smaller pieces`);
    }
    const inAddress = allocate(input.byteLength, what);
    let outAddress = 0;
    try {
      outAddress = allocate(count * OutArray.BYTES_PER_ELEMENT, what);
      new InArray(core.HEAPU8.buffer, inAddress, count).set(input);
      unwrap(kernel(inAddress, outAddress));
      return new OutArray(core.HEAPU8.buffer, outAddress, count).slice();
    } finally {
      if (outAddress !== 0) core._free(outAddress);
      core._free(inAddress);
    }
  }

  return { allocate, fits, throughHeap };
}
