package composer

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// A large paste is not handed to the textarea, which would hold it whole
// for a key (its window grows to hold a paste, window.go): it becomes a
// chip, one short line in the draft ("[pasted 2,000 lines · 129 KB]"),
// and its text is kept aside. The draft's
// Value is the text with every chip expanded; $EDITOR (ctrl+g) edits it so,
// whole, and a paste that comes back unchanged is a chip again. Backspace
// right after a chip (delete right before one) takes the chip away whole. A
// large text put in the composer otherwise (the editor's, a kept draft, the
// history, a refused send) is collapsed the same way: the pastes it holds
// into their chips, and the rest, when still large, into a chip of its own.

// A text with more lines or bytes than these is a chip.
const (
	chipLines = 50
	chipBytes = 8 << 10
)

// textareaLines is the most lines the textarea holds (bubbles' textarea
// maxLines): what an insert would put past it is dropped, unsaid. A paste
// that would pass it is a chip, kept whole.
const textareaLines = 10000

// recentMax bounds the pastes remembered to collapse again.
const recentMax = 8

// chip is a large text shown as one line in the draft.
type chip struct {
	token string // what the draft holds in its place
	text  string
}

// chips are the draft's chips and the recent pastes.
type chips struct {
	live   []chip
	n      int      // chips made for this draft, to number the next
	recent []string // the latest pastes, to collapse again when they come back
}

// big reports whether text is large enough to be a chip.
func big(text string) bool {
	return len(text) > chipBytes || strings.Count(text, "\n")+strings.Count(text, "\r") >= chipLines
}

// newChip makes the chip of text: "pasted" or "text", its lines and size.
func (c *chips) newChip(kind, text string) chip {
	c.n++
	lines := strings.Count(strings.TrimRight(text, "\n"), "\n") + 1
	word := "lines"
	if lines == 1 {
		word = "line"
	}
	num := ""
	if c.n > 1 {
		num = fmt.Sprintf("#%d · ", c.n)
	}
	ch := chip{token: fmt.Sprintf("[%s %s%s %s · %s]", kind, num, ui.Thousands(lines), word, size(len(text))), text: text}
	c.live = append(c.live, ch)
	return ch
}

// size words a byte count as every size is said (ui.Bytes).
func size(n int) string { return ui.Bytes(int64(n)) }

// remember keeps a paste to collapse again.
func (c *chips) remember(text string) {
	c.recent = append(c.recent, text)
	if len(c.recent) > recentMax {
		c.recent = c.recent[1:]
	}
}

// collapse is text as the draft holds it: the recent pastes in it made
// chips, and the rest, when still large, a chip of its own. It starts the
// draft's chips over.
func (c *chips) collapse(text string) string {
	c.live, c.n = nil, 0
	if !big(text) {
		return text
	}
	for i := len(c.recent) - 1; i >= 0; i-- {
		if p := c.recent[i]; strings.Contains(text, p) {
			text = strings.Replace(text, p, c.newChip("pasted", p).token, 1)
		}
	}
	if big(text) {
		whole := c.expand(text)
		c.live, c.n = nil, 0
		return c.newChip("text", whole).token
	}
	return text
}

// expand is the draft's text with every chip in it expanded.
func (c *chips) expand(raw string) string {
	for _, ch := range c.live {
		raw = strings.Replace(raw, ch.token, ch.text, 1)
	}
	return raw
}

// paste puts a paste in the draft: a chip when it is large, else its text
// as typed.
func (c *Composer) paste(msg tea.PasteMsg) tea.Cmd {
	lines := strings.Count(msg.Content, "\n") + strings.Count(msg.Content, "\r") - strings.Count(msg.Content, "\r\n")
	if !big(msg.Content) && c.lineCount()+lines <= textareaLines {
		return c.Type(msg)
	}
	// A terminal pastes its line ends as CR (tmux, most): the text kept
	// aside has the newlines the textarea would have made.
	text := strings.ReplaceAll(strings.ReplaceAll(msg.Content, "\r\n", "\n"), "\r", "\n")
	c.chips.remember(text)
	ch := c.chips.newChip("pasted", text)
	c.win.above.track(ch.token)
	c.win.below.track(ch.token)
	c.changed()
	c.edits++
	c.goal = goal{}
	c.ta.Focus()
	c.ta.InsertString(ch.token)
	c.fit()
	return nil
}

// dropChip takes away a whole chip on backspace right after it, or delete
// right before it; ok is false for any other key or place.
func (c *Composer) dropChip(msg tea.KeyPressMsg) (ok bool) {
	km := c.ta.KeyMap
	back := key.Matches(msg, km.DeleteCharacterBackward)
	if len(c.chips.live) == 0 || !back && !key.Matches(msg, km.DeleteCharacterForward) {
		return false
	}
	lines := strings.Split(c.ta.Value(), "\n")
	row := min(c.ta.Line(), len(lines)-1)
	line := []rune(lines[row])
	col := min(c.ta.Column(), len(line))
	for _, ch := range c.chips.live {
		if (back && strings.HasSuffix(string(line[:col]), ch.token)) || (!back && strings.HasPrefix(string(line[col:]), ch.token)) {
			c.changed()
			c.edits++
			c.goal = goal{}
			for range []rune(ch.token) {
				c.ta, _ = c.ta.Update(msg)
			}
			c.fit()
			return true
		}
	}
	return false
}

// Size is the draft's size in bytes, its chips expanded.
func (c *Composer) Size() int {
	v, w := c.ta.Value(), &c.win
	n := len(v) + w.above.bytes + w.below.bytes
	for _, ch := range c.chips.live {
		if strings.Contains(v, ch.token) || w.holds(ch.token) {
			n += len(ch.text) - len(ch.token)
		}
	}
	return n
}
