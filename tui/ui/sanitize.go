package ui

import (
	"strings"
	"unicode/utf8"

	"github.com/sophia-labs/vehicle/internal/inert"
)

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

// PasteControls takes the escape sequences and control characters (but
// newline, carriage return and tab) out of a paste, and returns them as
// they were (inert.Controls): the person is told what was taken.
func PasteControls(s string) (text string, removed []string) { return inert.Controls(s) }

// HostDraft makes host text that is put in the composer (a fork's
// selectedText) inert the way a file is (inert.Strip): escape sequences,
// control characters, bidi and invisible characters are taken out, since
// the composer would send them on. changed says something was taken.
func HostDraft(s string) (text string, changed bool) {
	text = inert.Strip(s)
	return text, text != s
}

// RemovedWords says what PasteControls took out of a paste, each shown
// inert: "an escape sequence in the paste was removed: ␛]0;title␇".
func RemovedWords(removed []string) string {
	seqs, ctls := 0, 0
	shown := make([]string, 0, len(removed))
	for _, r := range removed {
		if r[0] == 0x1b || utf8.RuneCountInString(r) > 1 {
			seqs++
		} else {
			ctls++
		}
		shown = append(shown, SanitizeLine(r))
	}
	var what string
	switch {
	case seqs == 1 && ctls == 0:
		what = "an escape sequence in the paste was removed"
	case ctls == 1 && seqs == 0:
		what = "a control character in the paste was removed"
	case ctls == 0:
		what = Thousands(seqs) + " escape sequences in the paste were removed"
	case seqs == 0:
		what = Thousands(ctls) + " control characters in the paste were removed"
	default:
		what = counted(seqs, "escape sequence") + " and " + counted(ctls, "control character") + " in the paste were removed"
	}
	return what + ": " + ClipRunes(strings.Join(shown, " "), 80)
}

// counted is n things: "1 control character", "3 escape sequences".
func counted(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return Thousands(n) + " " + thing + "s"
}
