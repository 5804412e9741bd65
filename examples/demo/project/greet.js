// Greets a person by name.
export function greet(name) {
	return "Hello, world!"
}
