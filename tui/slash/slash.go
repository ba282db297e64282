// Package slash is the slash commands' reading of a draft: a draft whose
// first word is "/name" names a command (Parse); "//text" is the literal
// "/text" (Escape writes a text back so); a name that is no command has
// a nearest (Nearest) and a question (Unknown), whose answer to run the
// nearest one instead is this package's action (RunNearest). What each
// command does is the root's (its palette's table); this package reads the
// words, says them, and imports no component but dialog.
package slash

import (
	"strings"
)

// Kind is what a draft is to the slash commands.
type Kind int

const (
	None    Kind = iota // plain text: sent as it is
	Command             // "/name args": a command
	Literal             // "//text": the text "/text"
)

// Line is a draft read as a slash command.
type Line struct {
	Kind Kind
	Name string // the command's name, lower case, without "/"
	Arg  string // the rest, trimmed
	Text string // for Literal, the text to send
}

// Parse reads a draft: a command is "/" then a name of letters, digits
// and "-", then optional arguments after a space.
func Parse(draft string) Line {
	trimmed := strings.TrimSpace(draft)
	switch {
	case strings.HasPrefix(trimmed, "//"):
		return Line{Kind: Literal, Text: trimmed[1:]}
	case !strings.HasPrefix(trimmed, "/"):
		return Line{}
	}
	name, arg, _ := strings.Cut(trimmed[1:], " ")
	if nl := strings.IndexByte(name, '\n'); nl >= 0 {
		name, arg = name[:nl], name[nl+1:]+" "+arg
	}
	if name == "" || !isName(name) {
		return Line{}
	}
	return Line{Kind: Command, Name: strings.ToLower(name), Arg: strings.TrimSpace(arg)}
}

// isName reports whether s can name a command.
func isName(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return len(s) <= 32
}

// Escape is text as it goes back in the composer: a text starting with
// "/" is written "//" so enter sends it as it was, not as a command.
func Escape(text string) string {
	if strings.HasPrefix(strings.TrimSpace(text), "/") {
		return "/" + text
	}
	return text
}
