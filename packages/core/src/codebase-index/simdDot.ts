/**
 * A dot product of float32 vectors in WebAssembly SIMD, four lanes at a time: about ten times
 * the plain JavaScript loop. The module is assembled here, opcode by opcode, from the names of
 * the WebAssembly binary format (core spec, section 5, and the fixed-width SIMD proposal), so
 * it can be read and changed without a toolchain the project would then need. Equivalent text:
 *
 *   (module
 *     (import "env" "memory" (memory 1))
 *     (func (export "dot") (param $a i32) (param $b i32) (param $n i32) (result f32)
 *       (local $sum v128) (local $end i32)
 *       (local.set $end (i32.add (local.get $a) (i32.shl (local.get $n) (i32.const 2))))
 *       (block $done
 *         (loop $next
 *           (br_if $done (i32.ge_u (local.get $a) (local.get $end)))
 *           (local.set $sum (f32x4.add (local.get $sum)
 *             (f32x4.mul (v128.load (local.get $a)) (v128.load (local.get $b)))))
 *           (local.set $a (i32.add (local.get $a) (i32.const 16)))
 *           (local.set $b (i32.add (local.get $b) (i32.const 16)))
 *           (br $next)))
 *       (f32.add (f32.add (f32.add (f32x4.extract_lane 0 (local.get $sum))
 *         (f32x4.extract_lane 1 (local.get $sum))) (f32x4.extract_lane 2 (local.get $sum)))
 *         (f32x4.extract_lane 3 (local.get $sum)))))
 */

/** The part of the WebAssembly API used here; the core's TypeScript libs (no DOM) do not declare it. */
export interface WasmMemory {
	readonly buffer: ArrayBuffer
	grow(pages: number): number
}
interface WasmApi {
	Memory: new (descriptor: { initial: number }) => WasmMemory
	Module: new (bytes: Uint8Array) => object
	Instance: new (module: object, imports: object) => { exports: Record<string, unknown> }
	validate(bytes: Uint8Array): boolean
}
export const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly

/** `dot(a, b, n)`: the dot product of the n float32s at byte offsets a and b; n a multiple of 4. */
export type Dot = (a: number, b: number, n: number) => number

/** Unsigned LEB128, the format's encoding of counts, sizes and indexes. */
function uleb(value: number): number[] {
	const bytes: number[] = []
	do {
		let byte = value & 0x7f
		value >>>= 7
		if (value !== 0) byte |= 0x80
		bytes.push(byte)
	} while (value !== 0)
	return bytes
}

const valueType = { i32: 0x7f, f32: 0x7d, v128: 0x7b } as const
const externalKind = { function: 0x00, memory: 0x02 } as const
const sectionId = { type: 1, import: 2, function: 3, export: 7, code: 10 } as const
const funcType = 0x60
const emptyBlockType = 0x40

/** SIMD instructions: the 0xfd prefix, then the instruction's index in LEB128. */
const simd = (index: number) => [0xfd, ...uleb(index)]
/** A memory access's immediates: log2 of the alignment, then the offset. */
const memArg = (alignLog2: number, offset: number) => [...uleb(alignLog2), ...uleb(offset)]

const op = {
	block: 0x02,
	loop: 0x03,
	end: 0x0b,
	br: 0x0c,
	brIf: 0x0d,
	localGet: 0x20,
	localSet: 0x21,
	i32Const: 0x41,
	i32GeU: 0x4f,
	i32Add: 0x6a,
	i32Shl: 0x74,
	f32Add: 0x92,
	v128Load: simd(0x00),
	f32x4ExtractLane: simd(0x1f),
	f32x4Add: simd(0xe4),
	f32x4Mul: simd(0xe6),
}

const vector = (items: number[][]) => [...uleb(items.length), ...items.flat()]
const name = (text: string) => vector([...new TextEncoder().encode(text)].map((byte) => [byte]))
const section = (id: number, contents: number[]) => [id, ...uleb(contents.length), ...contents]

// The function's parameters and locals, by index.
const a = 0
const b = 1
const n = 2
const sum = 3
const end = 4

// i32.const takes a signed LEB128; the constants used (2, 16) are one byte in it.
const dotBody = [
	// end = a + n * 4 (bytes per float)
	...[op.localGet, a, op.localGet, n, op.i32Const, 2, op.i32Shl, op.i32Add, op.localSet, end],
	op.block,
	emptyBlockType,
	op.loop,
	emptyBlockType,
	// while a < end (br_if 1 leaves the block)
	...[op.localGet, a, op.localGet, end, op.i32GeU, op.brIf, 1],
	// sum += load(a) * load(b), four lanes at once (alignment 4 bytes: 2^2)
	...[op.localGet, sum],
	...[op.localGet, a, ...op.v128Load, ...memArg(2, 0)],
	...[op.localGet, b, ...op.v128Load, ...memArg(2, 0)],
	...[...op.f32x4Mul, ...op.f32x4Add, op.localSet, sum],
	// a += 16; b += 16 (four floats)
	...[op.localGet, a, op.i32Const, 16, op.i32Add, op.localSet, a],
	...[op.localGet, b, op.i32Const, 16, op.i32Add, op.localSet, b],
	...[op.br, 0],
	op.end,
	op.end,
	// The four lanes' sum.
	...[op.localGet, sum, ...op.f32x4ExtractLane, 0],
	...[op.localGet, sum, ...op.f32x4ExtractLane, 1, op.f32Add],
	...[op.localGet, sum, ...op.f32x4ExtractLane, 2, op.f32Add],
	...[op.localGet, sum, ...op.f32x4ExtractLane, 3, op.f32Add],
	op.end,
]
// Locals past the parameters, as runs of one type: one v128 (sum), one i32 (end).
const dotLocals = vector([
	[1, valueType.v128],
	[1, valueType.i32],
])
const dotCode = [...dotLocals, ...dotBody]

/** The module's bytes: one function, `dot`, over the memory it imports as env.memory. */
export function dotModuleBytes(): Uint8Array {
	const magic = [0x00, 0x61, 0x73, 0x6d]
	const version = [0x01, 0x00, 0x00, 0x00]
	return new Uint8Array([
		...magic,
		...version,
		...section(
			sectionId.type,
			vector([
				[
					funcType,
					...vector([[valueType.i32], [valueType.i32], [valueType.i32]]),
					...vector([[valueType.f32]]),
				],
			]),
		),
		// env.memory, at least one page, no maximum (limits flag 0).
		...section(
			sectionId.import,
			vector([[...name("env"), ...name("memory"), externalKind.memory, 0x00, 1]]),
		),
		...section(sectionId.function, vector([[0]])),
		...section(sectionId.export, vector([[...name("dot"), externalKind.function, 0]])),
		...section(sectionId.code, vector([[...uleb(dotCode.length), ...dotCode]])),
	])
}

/** The SIMD dot product over `memory`, or undefined where WebAssembly SIMD is unavailable. */
export function simdDot(memory: WasmMemory): Dot | undefined {
	const bytes = dotModuleBytes()
	if (!wasm.validate(bytes)) return undefined
	const instance = new wasm.Instance(new wasm.Module(bytes), { env: { memory } })
	return instance.exports.dot as Dot
}
