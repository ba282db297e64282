// Package jsonvalid reports whether bytes are one JSON value, with the answer
// of encoding/json's Valid at a fraction of its cost: json.Valid runs a state
// machine through a function call per byte; Valid reads the value by
// recursive descent and skips the plain bytes of strings in a tight loop.
package jsonvalid

// maxDepth is how deeply arrays and objects may nest, as encoding/json allows.
const maxDepth = 10000

// stringStop marks the bytes that end the plain run of a string: the quote,
// the backslash, and the control characters a string may not hold.
var stringStop = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// Valid reports whether data is one JSON value, white space around it
// allowed: the same answer as json.Valid. Like json.Valid, it does not check
// that strings are valid UTF-8.
func Valid(data []byte) bool { return ValidIn(data, 0) }

// ValidIn reports whether data is one JSON value as Valid does, for a value
// that sits depth arrays or objects deep in a document: the nesting limit
// counts them.
func ValidIn(data []byte, depth int) bool {
	i := value(data, skipSpace(data, 0), depth)
	return i >= 0 && skipSpace(data, i) == len(data)
}

// End is the index just past the JSON value that starts at data[i], or -1
// when no valid value starts there; depth is how many arrays or objects
// enclose it, as ValidIn's.
func End(data []byte, i, depth int) int { return value(data, i, depth) }

// skipSpace is the index of the first byte at or after i that is not JSON
// white space.
func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// value is the index just past the value at data[i], or -1 when there is no
// valid value there; depth is how many arrays and objects enclose it.
func value(data []byte, i, depth int) int {
	if i >= len(data) {
		return -1
	}
	switch c := data[i]; {
	case c == '"':
		return str(data, i)
	case c == '{':
		return object(data, i, depth+1)
	case c == '[':
		return array(data, i, depth+1)
	case c == 't':
		return literal(data, i, "true")
	case c == 'f':
		return literal(data, i, "false")
	case c == 'n':
		return literal(data, i, "null")
	case c == '-' || c >= '0' && c <= '9':
		return number(data, i)
	}
	return -1
}

// literal is the index just past word at data[i], or -1.
func literal(data []byte, i int, word string) int {
	if len(data)-i < len(word) || string(data[i:i+len(word)]) != word {
		return -1
	}
	return i + len(word)
}

// str is the index just past the string whose quote is at data[i], or -1.
func str(data []byte, i int) int {
	for i++; i < len(data); i++ {
		c := data[i]
		if !stringStop[c] {
			continue
		}
		switch {
		case c == '"':
			return i + 1
		case c < 0x20:
			return -1
		}
		// A backslash: one of the escapes JSON has.
		if i++; i >= len(data) {
			return -1
		}
		switch data[i] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		case 'u':
			if len(data)-i <= 4 || !hex4(data[i+1:i+5]) {
				return -1
			}
			i += 4
		default:
			return -1
		}
	}
	return -1
}

// hex4 reports whether the four bytes of b are hexadecimal digits.
func hex4(b []byte) bool {
	for _, c := range b[:4] {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// number is the index just past the number at data[i], or -1: an optional
// minus, an integer without leading zeros, an optional fraction and an
// optional exponent.
func number(data []byte, i int) int {
	if data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case i < len(data) && data[i] >= '1' && data[i] <= '9':
		i = digits(data, i)
	default:
		return -1
	}
	if i < len(data) && data[i] == '.' {
		if j := digits(data, i+1); j > i+1 {
			i = j
		} else {
			return -1
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		j := digits(data, i)
		if j == i {
			return -1
		}
		i = j
	}
	return i
}

// digits is the index of the first byte at or after i that is not a digit.
func digits(data []byte, i int) int {
	for i < len(data) && data[i] >= '0' && data[i] <= '9' {
		i++
	}
	return i
}

// array is the index just past the array whose bracket is at data[i], or -1.
func array(data []byte, i, depth int) int {
	if depth > maxDepth {
		return -1
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == ']' {
		return i + 1
	}
	for {
		if i = value(data, i, depth); i < 0 {
			return -1
		}
		i = skipSpace(data, i)
		if i >= len(data) {
			return -1
		}
		switch data[i] {
		case ']':
			return i + 1
		case ',':
			i = skipSpace(data, i+1)
		default:
			return -1
		}
	}
}

// object is the index just past the object whose brace is at data[i], or -1.
func object(data []byte, i, depth int) int {
	if depth > maxDepth {
		return -1
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return i + 1
	}
	for {
		if i >= len(data) || data[i] != '"' {
			return -1
		}
		if i = str(data, i); i < 0 {
			return -1
		}
		if i = skipSpace(data, i); i >= len(data) || data[i] != ':' {
			return -1
		}
		if i = value(data, skipSpace(data, i+1), depth); i < 0 {
			return -1
		}
		i = skipSpace(data, i)
		if i >= len(data) {
			return -1
		}
		switch data[i] {
		case '}':
			return i + 1
		case ',':
			i = skipSpace(data, i+1)
		default:
			return -1
		}
	}
}
