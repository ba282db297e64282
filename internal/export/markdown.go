package export

import (
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sophia-labs/vehicle/client"
)

// resultWidth bounds the text of a tool result's line, in runes.
const resultWidth = 120

// writeMarkdown writes the header, then each turn after a rule and a bold
// line naming who and when (not a heading: replies carry their own); an
// assistant turn's tool calls follow it, each a one-line chip with its
// arguments, and each tool result is one line with ok or error.
func writeMarkdown(w io.Writer, snap *client.Snapshot) error {
	mw := &mdWriter{w: w}
	mw.header(snap.Session)
	for _, it := range snap.Transcript {
		mw.entry(it)
	}
	return mw.err
}

// mdWriter writes Markdown and keeps the first error.
type mdWriter struct {
	w   io.Writer
	err error
}

func (m *mdWriter) printf(format string, args ...any) {
	if m.err == nil {
		_, m.err = fmt.Fprintf(m.w, format, args...)
	}
}

// header writes the title and the session's facts.
func (m *mdWriter) header(s client.Summary) {
	m.printf("# %s\n\n", CleanLine(s.DisplayTitle()))
	m.printf("- Session: %s\n", code(s.SessionID))
	if s.GraphID != "" {
		m.printf("- Graph: %s\n", code(s.GraphID))
	}
	if s.Model != "" {
		m.printf("- Model: %s\n", code(s.Model))
	}
	if !s.CreatedAt.IsZero() {
		m.printf("- Started: %s\n", when(s.CreatedAt))
	}
	if p := s.Parent; p != nil {
		how := "Branched from"
		if p.Kind == "clone" {
			how = "Duplicated from"
		}
		m.printf("- %s %s\n", how, code(p.SessionID))
	}
	m.printf("\n")
}

// entry writes one transcript entry.
func (m *mdWriter) entry(it client.TranscriptItem) {
	author, text, chime := Author(it)
	if it.Role == "toolResult" {
		status := "ok"
		if it.IsError {
			status = "error"
		}
		line := "- tool result " + code(it.ToolName) + ": " + status
		if r := shorten(CleanLine(text), resultWidth); r != "" {
			line += " · " + r
		}
		m.printf("%s\n\n", line)
		return
	}
	who := map[string]string{"user": "User", "assistant": "Assistant"}[author]
	if chime {
		who = author + " (collaborator)"
	} else if who == "" {
		who = author
	}
	m.printf("---\n\n**%s** · %s\n\n", who, when(it.Timestamp))
	if body := closeFences(strings.TrimSpace(text)); body != "" {
		m.printf("%s\n\n", body)
	}
	if len(it.ToolCalls) > 0 {
		chips := make([]string, len(it.ToolCalls))
		for i, c := range it.ToolCalls {
			chips[i] = code("⚙ " + c.Name)
			if a := argsLine(c); a != "" {
				chips[i] += " " + code(a)
			}
		}
		m.printf("%s\n\n", strings.Join(chips, "  \n"))
	}
}

// when is a timestamp as a reader wants it: UTC, to the second.
func when(t time.Time) string {
	if t.IsZero() {
		return "time unknown"
	}
	return t.UTC().Format("2006-01-02 15:04:05") + " UTC"
}

// code is s on one line as inline code; a backtick inside becomes a quote.
func code(s string) string {
	s = strings.ReplaceAll(CleanLine(s), "`", "'")
	if s == "" {
		return "`?`"
	}
	return "`" + s + "`"
}

// shorten cuts s to n runes, with an ellipsis when cut.
func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// closeFences closes a code fence a message left open, so that it does not
// swallow the rest of the file.
func closeFences(s string) string {
	open := ""
	for line := range strings.SplitSeq(s, "\n") {
		t := strings.TrimLeft(line, " ")
		for _, f := range []string{"```", "~~~"} {
			if !strings.HasPrefix(t, f) {
				continue
			}
			switch {
			case open == "":
				open = f
			case open == f && strings.Trim(t, f[:1]+" ") == "":
				open = ""
			}
		}
	}
	if open != "" {
		return s + "\n" + open
	}
	return s
}
