/**
 * With the network on, a sandboxed command shares the machine's network namespace, and with it
 * the abstract Unix sockets there (`@/tmp/.X11-unix/X0`, an abstract D-Bus session bus): no
 * file, so no mount can cover them. This seccomp filter (classic BPF, for bubblewrap's
 * --seccomp) refuses to create Unix sockets at all then: `socket(AF_UNIX, …)` fails with
 * EAFNOSUPPORT. socketpair() stays, which is how programs talk to the processes they start.
 * io_uring is refused too: it can create sockets without the socket() call.
 */

const secCompRetErrno = 0x0005_0000
const secCompRetAllow = 0x7fff_0000
const enosys = 38
const eafnosupport = 97
const afUnix = 1
const ioUringSetup = 425
/** x32 system calls on x86-64 carry this bit and numbers of their own. */
const x32Bit = 0x4000_0000

const architectures: Partial<Record<NodeJS.Architecture, { audit: number; socket: number; x32: boolean }>> = {
	x64: { audit: 0xc000_003e, socket: 41, x32: true },
	arm64: { audit: 0xc000_00b7, socket: 198, x32: false },
}

// struct seccomp_data: int nr; __u32 arch; __u64 instruction_pointer; __u64 args[6].
const offsetOf = { nr: 0, arch: 4, firstArgument: 16 }
const load = (offset: number) => [0x20, 0, 0, offset] as const
const jumpIfEqual = (value: number, whenEqual: number, otherwise: number) =>
	[0x15, whenEqual, otherwise, value] as const
const jumpIfAtLeast = (value: number, whenAtLeast: number, otherwise: number) =>
	[0x35, whenAtLeast, otherwise, value] as const
const giveBack = (value: number) => [0x06, 0, 0, value] as const

/**
 * The filter for this machine's architecture, as bytes; undefined where Cairn does not know the
 * system call numbers (then abstract sockets stay reachable with the network on).
 */
export function unixSocketFilter(arch: NodeJS.Architecture = process.arch): Buffer | undefined {
	const native = architectures[arch]
	if (native === undefined) return undefined
	const program = [
		load(offsetOf.arch),
		// A call through another ABI (32-bit on a 64-bit kernel) has other numbers: refused.
		jumpIfEqual(native.audit, 1, 0),
		giveBack(secCompRetErrno | enosys),
		load(offsetOf.nr),
		...(native.x32 ? [jumpIfAtLeast(x32Bit, 0, 1), giveBack(secCompRetErrno | enosys)] : []),
		jumpIfEqual(ioUringSetup, 0, 1),
		giveBack(secCompRetErrno | enosys),
		jumpIfEqual(native.socket, 0, 3),
		load(offsetOf.firstArgument),
		jumpIfEqual(afUnix, 0, 1),
		giveBack(secCompRetErrno | eafnosupport),
		giveBack(secCompRetAllow),
	]
	// struct sock_filter: __u16 code; __u8 jt; __u8 jf; __u32 k, in the machine's byte order (both little-endian).
	const bytes = Buffer.alloc(program.length * 8)
	program.forEach(([code, jt, jf, k], index) => {
		bytes.writeUInt16LE(code, index * 8)
		bytes.writeUInt8(jt, index * 8 + 2)
		bytes.writeUInt8(jf, index * 8 + 3)
		bytes.writeUInt32LE(k >>> 0, index * 8 + 4)
	})
	return bytes
}
