package config

import "fmt"

// Bounds of the configuration file's shape: its settings are a few keys at
// the top level, so deeper nesting or longer dotted keys are never
// settings. The TOML decoder's time grows steeply with both (a 12 KB file
// of nested inline tables took 6 s, a 20 KB dotted key 21 s), so a file
// past them is refused before it is decoded.
const (
	maxConfigDepth = 4 // [ and { nested inside each other
	maxConfigDots  = 8 // dots in one line's keys (outside strings)
)

// checkShape refuses a configuration file nested deeper than
// maxConfigDepth or with a key of more than maxConfigDots dots. It reads
// TOML's strings and comments only to skip them.
func checkShape(b []byte) error {
	depth, dots, line := 0, 0, 1
	for i := 0; i < len(b); i++ {
		switch c := b[i]; c {
		case '\n':
			line, dots = line+1, 0
		case '#':
			for i+1 < len(b) && b[i+1] != '\n' {
				i++
			}
		case '"', '\'':
			end, newlines := skipString(b, i)
			i, line = end, line+newlines
		case '[', '{':
			if depth++; depth > maxConfigDepth {
				return fmt.Errorf("line %d nests tables or arrays more than %d deep: the settings are plain keys at the top", line, maxConfigDepth)
			}
		case ']', '}':
			depth = max(depth-1, 0)
		case '.':
			if dots++; dots > maxConfigDots {
				return fmt.Errorf("line %d has a key of more than %d dots: the settings are plain keys at the top", line, maxConfigDots)
			}
		}
	}
	return nil
}

// skipString returns the index of the last byte of the TOML string that
// opens at b[i] (basic or literal, one line or three quotes), and how many
// newlines it spans. An unterminated string runs to the end.
func skipString(b []byte, i int) (end, newlines int) {
	q := b[i]
	multi := i+2 < len(b) && b[i+1] == q && b[i+2] == q
	j := i + 1
	if multi {
		j = i + 3
	}
	for ; j < len(b); j++ {
		switch {
		case b[j] == '\\' && q == '"':
			j++
		case b[j] == '\n':
			newlines++
			if !multi {
				return j - 1, newlines - 1 // the decoder reports it
			}
		case b[j] == q && !multi:
			return j, newlines
		case b[j] == q && j+2 < len(b) && b[j+1] == q && b[j+2] == q:
			return j + 2, newlines
		}
	}
	return len(b) - 1, newlines
}
