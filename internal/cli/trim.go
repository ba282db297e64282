package cli

import (
	"bytes"
	"io"
	"slices"

	"github.com/charmbracelet/x/term"
)

// isTerminal reports whether w is a terminal: there fang pads its help to
// the terminal's width, which wraps nothing, and reads the colours it may
// use from it, so the help goes to it as it is.
func isTerminal(w io.Writer) bool {
	f, ok := w.(term.File)
	return ok && term.IsTerminal(f.Fd())
}

// asksHelp reports whether a command line asks for the help (-h, --help,
// or the help command first).
func asksHelp(args []string) bool {
	return slices.Contains(args, "-h") || slices.Contains(args, "--help") || len(args) > 0 && args[0] == "help"
}

// trimLines is a writer that drops the spaces written right before each
// newline: fang pads its help to a width (120 columns into a pipe or a
// file), and a reader narrower than that sees every line wrap. It holds nothing back:
// spaces a write ends with, before a newline another write brings, stay.
type trimLines struct{ w io.Writer }

// Write writes p without the spaces before its newlines; n counts p whole.
func (t trimLines) Write(p []byte) (int, error) {
	if !bytes.Contains(p, []byte(" \n")) {
		return t.w.Write(p)
	}
	out := make([]byte, 0, len(p))
	for line := range bytes.Lines(p) {
		if body, ok := bytes.CutSuffix(line, []byte("\n")); ok {
			out = append(append(out, bytes.TrimRight(body, " ")...), '\n')
			continue
		}
		out = append(out, line...)
	}
	if _, err := t.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}
