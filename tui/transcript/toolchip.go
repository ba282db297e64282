package transcript

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// A selected tool chip opens under itself: its key shows the call's
// arguments and its result, a few wrapped lines of each, and closes them
// again. The state keeps both, cut to wire.MaxToolText bytes.

const (
	chipDetailLines = 6             // lines shown of a call's arguments, and of its result
	chipOpenMax     = 64            // chips open at once in a session; the oldest closes
	detailIndent    = "    "        // where a chip's detail starts
	detailBar       = "│ "          // before each line of arguments or result
	detailWidthMin  = 10            // the narrowest a detail line wraps to
	noArgs          = "(none sent)" // arguments the host did not send
)

// chipViews is which tool chips of the open session are open, by their
// entries' keys, and their drawings.
type chipViews struct {
	open  []int64 // keys of the open chips, oldest first
	drawn map[int64]*chipDrawing
}

// newChipViews is no chip open.
func newChipViews() chipViews { return chipViews{drawn: map[int64]*chipDrawing{}} }

// chipDrawing is an open chip's lines and what they were drawn from.
type chipDrawing struct {
	rev   int
	width int
	st    *theme.Styles
	lines []string // the chip's line, then its detail
}

// isOpen reports whether the chip of key k is open.
func (v *chipViews) isOpen(k int64) bool {
	for _, o := range v.open {
		if o == k {
			return true
		}
	}
	return false
}

// toggle opens the chip of key k, or closes it; it reports whether it is
// open now.
func (v *chipViews) toggle(k int64) bool {
	for i, o := range v.open {
		if o == k {
			v.open = append(v.open[:i], v.open[i+1:]...)
			delete(v.drawn, k)
			return false
		}
	}
	if len(v.open) >= chipOpenMax {
		delete(v.drawn, v.open[0])
		v.open = v.open[1:]
	}
	v.open = append(v.open, k)
	return true
}

// lines is entry i's rendering and, for an open chip, its detail under it.
func (t *Transcript) lines(es []wire.Entry, i int) []string {
	t.decode(es, i)
	e := &es[i]
	l := t.r.lines(e)
	if e.Kind != wire.EntryTool || !t.chips.isOpen(e.Key) {
		return t.withCut(es, i, l)
	}
	r := t.r
	if d := t.chips.drawn[e.Key]; d != nil && d.rev == e.Rev && d.width == r.width && d.st == r.st {
		return d.lines
	}
	out := append(append([]string(nil), l...), r.chipDetail(e)...)
	t.chips.drawn[e.Key] = &chipDrawing{rev: e.Rev, width: r.width, st: r.st, lines: out}
	return out
}

// onEntryKey handles the keys that act on the selected entry beyond moving,
// copying and forking a message: opening a chip, copying a code block, and
// what copy and fork mean on a chip. ok is false for the other keys.
func (t *Transcript) onEntryKey(msg tea.KeyPressMsg, es []wire.Entry, i int) (cmd tea.Cmd, act ui.Action, ok bool) {
	k, e := &t.ctx.Keys, &es[i]
	switch {
	case key.Matches(msg, k.ToolCall):
		return nil, t.toggleChip(es, i), true
	case key.Matches(msg, k.CopyCode):
		cmd, act = t.copyCode(e)
		return cmd, act, true
	case e.Kind != wire.EntryTool:
		return nil, nil, false
	case key.Matches(msg, k.Copy):
		if strings.TrimSpace(e.Text) == "" {
			return nil, ui.Note{Text: "this tool call has no result text to copy"}, true
		}
		cmd, act := ui.Copy(t.ctx, ui.Sanitize(e.Text), "the tool result")
		return cmd, ui.Join(act, ui.Done{}), true
	case key.Matches(msg, k.Fork):
		return nil, ui.Note{Text: "fork needs a message: select one, not a tool call"}, true
	}
	return nil, nil, false
}

// toggleChip opens or closes the chip of entry i, keeping it on screen.
func (t *Transcript) toggleChip(es []wire.Entry, i int) ui.Action {
	k := &t.ctx.Keys
	if es[i].Kind != wire.EntryTool {
		return ui.Note{Text: ui.KeyName(k.ToolCall) + " opens a tool call: select a ⚙ chip (" + ui.KeyName(k.Up) + ui.KeyName(k.Down) + ")"}
	}
	if t.chips.toggle(es[i].Key) {
		t.show(es, i)
	}
	return nil
}

// chipDetail is what an open chip shows under its line: the arguments and
// the result, each at most chipDetailLines lines.
func (r *renderer) chipDetail(e *wire.Entry) []string {
	inner := max(r.width-len(detailIndent)-xansi.StringWidth(detailBar), detailWidthMin)
	out := []string{r.fit(detailIndent + r.st.Time.Render("arguments"))}
	args := argText(e.ToolArgs)
	if args == "" {
		args = noArgs
	}
	out = append(out, r.detailLines(args, inner, r.st.Body)...)
	label, style := "result", r.st.Body
	if e.IsError || e.ToolState == wire.ToolError {
		label, style = "result (error)", r.st.ChipError
	}
	out = append(out, r.fit(detailIndent+r.st.Time.Render(label)))
	text := strings.TrimRight(ui.Sanitize(e.Text), "\n ")
	switch {
	case text == "" && e.ToolState == wire.ToolRunning:
		text = "(running: no result yet)"
	case text == "":
		text = "(no result text)"
	}
	return append(out, r.detailLines(text, inner, style)...)
}

// detailLines is text wrapped to width under a bar, at most
// chipDetailLines lines: the last one says how many more there are.
func (r *renderer) detailLines(text string, width int, style lipgloss.Style) []string {
	wrapped := strings.Split(xansi.Wrap(text, width, ""), "\n")
	if len(wrapped) > chipDetailLines {
		more := len(wrapped) - (chipDetailLines - 1)
		wrapped = append(wrapped[:chipDetailLines-1:chipDetailLines-1], "… "+strconv.Itoa(more)+" more lines")
	}
	out := make([]string, len(wrapped))
	bar := r.st.Notice.Render(detailBar)
	for i, l := range wrapped {
		out[i] = r.fit(detailIndent + bar + style.Render(l))
	}
	return out
}

// argText is a call's arguments as lines to read, sanitised: an object's
// fields as "name: value" in name order (a string value as its text),
// anything else as it came.
func argText(args string) string {
	var fields map[string]json.RawMessage
	if json.Unmarshal([]byte(args), &fields) != nil || len(fields) == 0 {
		return ui.Sanitize(args)
	}
	names := make([]string, 0, len(fields))
	for n := range fields {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for i, n := range names {
		if i > 0 {
			b.WriteByte('\n')
		}
		v := string(fields[n])
		var s string
		if json.Unmarshal(fields[n], &s) == nil {
			v = s
		}
		b.WriteString(ui.SanitizeLine(n) + ": " + ui.Sanitize(v))
	}
	return b.String()
}

// Hint says what the keys do on the selected entry, for the status line: a
// chip opens; a message copies, copies a code block when it has one, and
// forks.
func (t *Transcript) Hint() string {
	k := &t.ctx.Keys
	move := "entries: " + ui.KeyName(k.Up) + ui.KeyName(k.Down) + " select · "
	e := t.Selected()
	if e != nil && e.Kind == wire.EntryTool {
		return move + ui.KeyName(k.ToolCall) + " opens/closes · " + ui.Proposes(k.Copy) +
			" copies the result · " + ui.KeyName(k.Back) + " back"
	}
	code := ""
	if e != nil && hasCodeBlock(e.Text) {
		code = ui.Proposes(k.CopyCode) + " copies code · "
	}
	return move + ui.Proposes(k.Copy) + " copies · " + code + ui.Proposes(k.Fork) + " forks before · " +
		ui.KeyName(k.Back) + " back"
}

// Selected is the selected entry, nil when none.
func (t *Transcript) Selected() *wire.Entry {
	es := t.entries()
	if i := t.selected(es); i >= 0 {
		return &es[i]
	}
	return nil
}
