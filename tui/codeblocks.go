package tui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// maxCodeBlocks bounds the code blocks a message offers to copy.
const maxCodeBlocks = 99

// codeBlock is one fenced code block of a message.
type codeBlock struct {
	lang  string // the first word of the fence's info string, "" for none
	text  string // the lines between the fences, joined by newlines
	lines int
}

// codeBlocks is the fenced code blocks of markdown text, in order (at most
// maxCodeBlocks): a fence is three or more backticks or tildes, indented
// at most three spaces; it closes with a fence of the same character at
// least as long, or at the end of the text.
func codeBlocks(src string) []codeBlock {
	lines := strings.Split(src, "\n")
	var out []codeBlock
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
		out = append(out, codeBlock{lang: lang, text: strings.Join(body, "\n"), lines: len(body)})
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

// sanitizeCode makes a code block inert for the clipboard as Sanitize does,
// but keeps its tabs.
func sanitizeCode(s string) string {
	parts := strings.Split(s, "\t")
	for i, p := range parts {
		parts[i] = ui.Sanitize(p)
	}
	return strings.Join(parts, "\t")
}

// copyCode copies the selected message's code block, or opens the chooser
// when it has several; acted reports a copy.
func (t *transcript) copyCode(e *client.Entry) (cmd tea.Cmd, acted bool) {
	c := t.c
	if e.Kind != client.EntryMessage {
		c.note = "a tool call has no code blocks: select a message (" + ui.KeyName(c.Keys.Up) + ui.KeyName(c.Keys.Down) + ")"
		return nil, false
	}
	bs := codeBlocks(e.Text)
	switch len(bs) {
	case 0:
		c.note = "this message has no code block (a ``` fence): select another"
		return nil, false
	case 1:
		return c.copyBlock(bs, 0), true
	}
	c.push(&codeChooser{c: c, blocks: bs})
	return nil, false
}

// copyBlock copies block i of bs and says which one it was.
func (c *common) copyBlock(bs []codeBlock, i int) tea.Cmd {
	b := bs[i]
	c.note = "copied code block " + strconv.Itoa(i+1) + " of " + strconv.Itoa(len(bs)) + " · " + blockFacts(b)
	return tea.SetClipboard(sanitizeCode(b.text))
}

// blockFacts is a block's language and length in words.
func blockFacts(b codeBlock) string {
	n := strconv.Itoa(b.lines) + " lines"
	if b.lines == 1 {
		n = "1 line"
	}
	if b.lang == "" {
		return n
	}
	return ui.SanitizeLine(b.lang) + " · " + n
}

// codeChooser is the overlay that picks one of a message's code blocks to
// copy: by its number, or moving and enter.
type codeChooser struct {
	c      *common
	blocks []codeBlock
	sel    int
	w, h   int
}

// ShortHelp lists the chooser's keys.
func (d *codeChooser) ShortHelp() []key.Binding {
	k := &d.c.Keys
	return []key.Binding{k.PickNumber, k.Up, k.Down, k.Open, k.Dismiss}
}

// FullHelp lists the chooser's keys.
func (d *codeChooser) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// SetSize takes the screen's size.
func (d *codeChooser) SetSize(w, h int) { d.w, d.h = w, h }

// Update moves, copies the block picked, or cancels; done closes it.
func (d *codeChooser) Update(msg tea.Msg) (tea.Cmd, bool) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, false
	}
	keys := &d.c.Keys
	switch {
	case key.Matches(k, keys.Dismiss):
		d.c.note = "no code block copied"
		return nil, true
	case key.Matches(k, keys.Up):
		d.sel = max(d.sel-1, 0)
	case key.Matches(k, keys.Down):
		d.sel = min(d.sel+1, len(d.blocks)-1)
	case key.Matches(k, keys.Open):
		return d.c.copyBlock(d.blocks, d.sel), true
	case key.Matches(k, keys.PickNumber):
		if n, err := strconv.Atoi(k.String()); err == nil && n >= 1 && n <= len(d.blocks) {
			return d.c.copyBlock(d.blocks, n-1), true
		}
	}
	return nil, false
}

// View draws the numbered blocks around the selected one, and the keys.
func (d *codeChooser) View() string {
	c, st := d.c, d.c.Styles
	move := st.Key.Render(ui.KeyName(c.Keys.Up)+ui.KeyName(c.Keys.Down)) + st.KeyDesc.Render(" marks")
	foot := c.Hints(c.Hint(c.Keys.PickNumber, "copies that one"), move, c.Hint(c.Keys.Open, "copies the marked one"),
		c.Hint(c.Keys.Dismiss, "cancels"))
	rows := ui.BoxRows(d.h, d.w, xansi.Strip(foot))
	first := max(d.sel-rows+1, 0)
	inner := max(min(d.w-4, 96), 10)
	var lines []string
	for i := first; i < len(d.blocks) && i < first+rows; i++ {
		row := xansi.Truncate(d.row(i), inner-2, "…")
		if i == d.sel {
			row = st.Selected.Render("▸ " + row)
		} else {
			row = "  " + row
		}
		lines = append(lines, row)
	}
	title := "Copy a code block (" + strconv.Itoa(len(d.blocks)) + ")"
	return ui.Box(st, title, strings.Join(lines, "\n")+"\n\n"+foot, d.w, d.h)
}

// row is block i's line: its number, facts and first line.
func (d *codeChooser) row(i int) string {
	b := d.blocks[i]
	first := ""
	for _, l := range strings.Split(b.text, "\n") {
		if strings.TrimSpace(l) != "" {
			first = strings.TrimSpace(l)
			break
		}
	}
	return strconv.Itoa(i+1) + "  " + blockFacts(b) + " · " + ui.SanitizeLine(first)
}
