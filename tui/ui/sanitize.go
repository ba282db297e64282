package ui

import "github.com/sophia-labs/vehicle/internal/inert"

// Sanitize makes text from the host inert before it is drawn: every control
// character is shown as its visible picture (ESC as ␛, BEL as ␇), so an escape
// sequence such as ESC[2J, OSC 52 or OSC 8 reads as plain text and does
// nothing; C1 controls, bidi controls, zero-width and tag characters are
// shown as \uXXXX, invalid UTF-8 as U+FFFD, tabs as spaces, and CRLF as a
// newline. Newlines are kept. It is inert.Text, which every writer of host
// text to a terminal shares.
func Sanitize(s string) string { return inert.Text(s) }

// SanitizeLine is Sanitize for one-line places (titles, names, errors): a
// newline becomes a space as well (inert.Line).
func SanitizeLine(s string) string { return inert.Line(s) }
