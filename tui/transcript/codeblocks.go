package transcript

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// maxCodeBlocks bounds the code blocks a message offers to copy.
const maxCodeBlocks = 99

// codeBlocks is the fenced code blocks of markdown text, in order (at most
// maxCodeBlocks): a fence is three or more backticks or tildes, indented
// at most three spaces; it closes with a fence of the same character at
// least as long, or at the end of the text.
func codeBlocks(src string) []dialog.CodeBlock {
	lines := strings.Split(src, "\n")
	var out []dialog.CodeBlock
	for i := 0; i < len(lines) && len(out) < maxCodeBlocks; i++ {
		indent, fence, info, ok := openFence(strings.TrimSuffix(lines[i], "\r"))
		if !ok {
			continue
		}
		var body []string
		j := i + 1
		for ; j < len(lines); j++ {
			l := strings.TrimSuffix(lines[j], "\r")
			if closesFence(l, fence) {
				break
			}
			body = append(body, dedent(l, indent))
		}
		lang, _, _ := strings.Cut(strings.TrimSpace(info), " ")
		out = append(out, dialog.CodeBlock{Lang: lang, Text: strings.Join(body, "\n"), Lines: len(body)})
		i = j
	}
	return out
}

// hasCodeBlock reports whether markdown text has a fenced code block.
func hasCodeBlock(src string) bool {
	for rest, more := src, true; more; {
		var l string
		l, rest, more = strings.Cut(rest, "\n")
		if _, _, _, ok := openFence(strings.TrimSuffix(l, "\r")); ok {
			return true
		}
	}
	return false
}

// openFence reads an opening fence: its indentation, the fence itself and
// the info string after it.
func openFence(l string) (indent int, fence, info string, ok bool) {
	indent = len(l) - len(strings.TrimLeft(l, " "))
	if indent > 3 {
		return 0, "", "", false
	}
	rest := l[indent:]
	if rest == "" || (rest[0] != '`' && rest[0] != '~') {
		return 0, "", "", false
	}
	n := len(rest) - len(strings.TrimLeft(rest, rest[:1]))
	if n < 3 {
		return 0, "", "", false
	}
	fence, info = rest[:n], rest[n:]
	if fence[0] == '`' && strings.Contains(info, "`") {
		return 0, "", "", false
	}
	return indent, fence, info, true
}

// closesFence reports whether l closes a block opened by fence.
func closesFence(l, fence string) bool {
	t := strings.TrimLeft(l, " ")
	if len(l)-len(t) > 3 {
		return false
	}
	n := len(t) - len(strings.TrimLeft(t, fence[:1]))
	return n >= len(fence) && strings.TrimSpace(t[n:]) == ""
}

// dedent takes up to n spaces off the start of l.
func dedent(l string, n int) string {
	for n > 0 && strings.HasPrefix(l, " ") {
		l, n = l[1:], n-1
	}
	return l
}

// copyCode copies the selected message's code block, or opens the chooser
// when it has several.
func (t *Transcript) copyCode(e *wire.Entry) (tea.Cmd, ui.Action) {
	k := &t.ctx.Keys
	if e.Kind != wire.EntryMessage {
		return nil, ui.Note{Text: "a tool call has no code blocks: select a message (" + ui.KeyName(k.Up) + ui.KeyName(k.Down) + ")"}
	}
	bs := codeBlocks(e.Text)
	switch len(bs) {
	case 0:
		return nil, ui.Note{Text: "this message has no code block (a ``` fence): select another"}
	case 1:
		cmd, note := dialog.CopyBlock(t.ctx, bs, 0)
		return cmd, ui.Batch{note, ui.Done{}}
	}
	return nil, ui.Show{Overlay: dialog.NewCodeChooser(t.ctx, bs)}
}
