package dialog

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// CodeBlock is one fenced code block of a message.
type CodeBlock struct {
	Lang  string // the first word of the fence's info string, "" for none
	Text  string // the lines between the fences, joined by newlines
	Lines int
}

// Facts is a block's language and length in words.
func (b CodeBlock) Facts() string {
	n := strconv.Itoa(b.Lines) + " lines"
	if b.Lines == 1 {
		n = "1 line"
	}
	if b.Lang == "" {
		return n
	}
	return ui.SanitizeLine(b.Lang) + " · " + n
}

// CopyBlock copies block i of bs (ui.Copy), made inert but for its tabs,
// and says which one it was.
func CopyBlock(ctx *ui.Context, bs []CodeBlock, i int) (tea.Cmd, ui.Action) {
	b := bs[i]
	what := "code block " + strconv.Itoa(i+1) + " of " + strconv.Itoa(len(bs)) + " · " + b.Facts()
	return ui.Copy(ctx, sanitizeCode(b.Text), what)
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

// CodeChooser picks one of a message's code blocks to copy: by its number,
// or moving and enter.
type CodeChooser struct {
	ctx    *ui.Context
	blocks []CodeBlock
	sel    int
	w, h   int
}

// NewCodeChooser offers blocks to copy.
func NewCodeChooser(ctx *ui.Context, blocks []CodeBlock) *CodeChooser {
	return &CodeChooser{ctx: ctx, blocks: blocks}
}

// ShortHelp lists the chooser's keys.
func (d *CodeChooser) ShortHelp() []key.Binding {
	k := &d.ctx.Keys
	return []key.Binding{k.PickNumber, k.Up, k.Down, k.Open, k.Dismiss}
}

// FullHelp lists the chooser's keys.
func (d *CodeChooser) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// Safe closes it, copying nothing.
func (d *CodeChooser) Safe() ui.Action { return ui.Note{Text: "no code block copied"} }

// Kind is Shows: it only shows something.
func (d *CodeChooser) Kind() Kind { return Shows }

// SetSize takes the screen's size.
func (d *CodeChooser) SetSize(w, h int) { d.w, d.h = w, h }

// Update moves, copies the block picked, or cancels.
func (d *CodeChooser) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	keys := &d.ctx.Keys
	switch {
	case key.Matches(k, keys.Dismiss):
		return nil, ui.Batch{ui.Close{}, ui.Note{Text: "no code block copied"}}
	case key.Matches(k, keys.Up):
		d.sel = max(d.sel-1, 0)
	case key.Matches(k, keys.Down):
		d.sel = min(d.sel+1, len(d.blocks)-1)
	case key.Matches(k, keys.Open):
		return d.copy(d.sel)
	case key.Matches(k, keys.PickNumber):
		if n, err := strconv.Atoi(k.String()); err == nil && n >= 1 && n <= len(d.blocks) {
			return d.copy(n - 1)
		}
	}
	return nil, nil
}

// copy copies block i and closes.
func (d *CodeChooser) copy(i int) (tea.Cmd, ui.Action) {
	cmd, note := CopyBlock(d.ctx, d.blocks, i)
	return cmd, ui.Batch{ui.Close{}, note}
}

// View draws the numbered blocks around the selected one, and the keys.
func (d *CodeChooser) View() string {
	c, st := d.ctx, d.ctx.Styles
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
func (d *CodeChooser) row(i int) string {
	b := d.blocks[i]
	first := ""
	for _, l := range strings.Split(b.Text, "\n") {
		if strings.TrimSpace(l) != "" {
			first = strings.TrimSpace(l)
			break
		}
	}
	return strconv.Itoa(i+1) + "  " + b.Facts() + " · " + ui.SanitizeLine(first)
}
