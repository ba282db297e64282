package export

import "github.com/sophia-labs/vehicle/internal/inert"

// Clean makes host text inert for a file: it removes terminal escape
// sequences whole, every other control character but newline and tab, bidi
// controls, zero-width and tag characters, and replaces invalid UTF-8 with
// U+FFFD; a CRLF becomes a newline (inert.Strip).
func Clean(s string) string { return inert.Strip(s) }

// CleanLine is Clean for a one-line field: runs of whitespace (newlines
// included) become one space, and the ends are trimmed (inert.StripLine).
func CleanLine(s string) string { return inert.StripLine(s) }
