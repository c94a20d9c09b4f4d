/**
 * Loaded into the measured server with `node --import` by server-memory.ts, never by the product:
 * sends the process's own memory breakdown to the benchmark over the IPC channel once a second.
 * WebAssembly.Memory is wrapped to see how large the embedded database's linear memory has
 * grown, which no public API of the engine reports.
 */
interface WasmMemory {
  buffer: ArrayBuffer;
}
type MemoryConstructor = new (descriptor: unknown) => WasmMemory;
// The project's TypeScript libraries do not declare the WebAssembly namespace.
const wasm = Reflect.get(globalThis, 'WebAssembly') as { Memory: MemoryConstructor };
const memories = new Set<WeakRef<WasmMemory>>();
wasm.Memory = class extends wasm.Memory {
  constructor(descriptor: unknown) {
    super(descriptor);
    memories.add(new WeakRef(this));
  }
};

function wasmBytes(): number {
  let total = 0;
  for (const ref of memories) {
    const memory = ref.deref();
    if (memory) total += memory.buffer.byteLength;
    else memories.delete(ref);
  }
  return total;
}

setInterval(() => {
  process.send?.({ memory: { ...process.memoryUsage(), wasm: wasmBytes() } });
}, 1000).unref();
