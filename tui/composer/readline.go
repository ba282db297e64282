package composer

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// The composer edits as a shell's line editor does (ui.LineEditing): the
// textarea moves and deletes (ctrl+a, ctrl+e, ctrl+b, alt+b, alt+f,
// ctrl+d), the kills (ctrl+k, ctrl+u, ctrl+w, alt+backspace, alt+d) keep
// what they took for ctrl+y to yank back, and ctrl+r searches what the
// person sent, newest first, as readline's reverse-i-search does: the
// match shows as the draft, the query on the status line.

// Keys of the line editor the textarea has no binding for.
var (
	yankKey   = key.NewBinding(key.WithKeys("ctrl+y"))
	searchKey = key.NewBinding(key.WithKeys("ctrl+r"))
	stopKey   = key.NewBinding(key.WithKeys("esc", "ctrl+g")) // puts the draft back
	keepKey   = key.NewBinding(key.WithKeys("enter"))         // keeps the match as the draft; sends nothing
	shrinkKey = key.NewBinding(key.WithKeys("backspace", "ctrl+h"))
)

// killRing is what the last run of kills took, its chips expanded.
type killRing struct {
	text    string
	killing bool // the last key killed: the next kill adds to the text
}

// reverseSearch is the state of ctrl+r's search of the history.
type reverseSearch struct {
	on     bool
	query  []rune
	at     int    // the history item shown, len(items) when none yet
	draft  string // the draft before the search, for esc
	failed bool   // the query matches nothing older
}

// kill runs one of the textarea's kill keys and keeps what it took; ok is
// false for any other key.
// chain says the key before killed too: what this one takes is added.
func (c *Composer) kill(msg tea.KeyPressMsg, chain bool) (cmd tea.Cmd, ok bool) {
	km := c.ta.KeyMap
	back := key.Matches(msg, km.DeleteBeforeCursor, km.DeleteWordBackward)
	if !back && !key.Matches(msg, km.DeleteAfterCursor, km.DeleteWordForward) {
		return nil, false
	}
	cmd = c.Type(msg)
	took := c.chips.expand(removed(c.typed.before, c.typed.after)) // the textarea's lines around the key: its window may move after
	c.kills.killing = true
	switch {
	case took == "":
		c.kills.killing = chain // nothing taken: a run of kills goes on
	case !chain:
		c.kills.text = took
	case back:
		c.kills.text = took + c.kills.text
	default:
		c.kills.text += took
	}
	return cmd, true
}

// removed is what one deletion took from before to leave after.
func removed(before, after string) string {
	b, a := []rune(before), []rune(after)
	p := 0
	for p < len(a) && p < len(b) && b[p] == a[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && b[len(b)-1-s] == a[len(a)-1-s] {
		s++
	}
	return string(b[p : len(b)-s])
}

// yank puts back at the cursor what the last kill took (a chip when it is
// large, as a paste is).
func (c *Composer) yank() tea.Cmd {
	if c.kills.text == "" {
		return nil
	}
	return c.paste(tea.PasteMsg{Content: c.kills.text})
}

// Searching reports whether ctrl+r's search of the history is under way:
// its keys are the composer's, enter and esc too.
func (c *Composer) Searching() bool { return c.search.on }

// SearchTakes reports whether the search under way takes msg: text, a
// deletion, ctrl+r, enter and esc (or ctrl+g). Any other key ends it,
// keeping the match, and then does what it does (StopSearch).
func (c *Composer) SearchTakes(msg tea.KeyPressMsg) bool {
	return c.search.on && (isText(msg) || key.Matches(msg, searchKey, stopKey, keepKey, shrinkKey))
}

// StopSearch ends the search under way, keeping the match as the draft.
func (c *Composer) StopSearch() { c.search = reverseSearch{} }

// isText reports whether msg types text.
func isText(msg tea.KeyPressMsg) bool {
	return msg.Key().Text != "" && msg.Mod&(tea.ModCtrl|tea.ModAlt) == 0
}

// startSearch starts ctrl+r's search, from the newest item sent.
func (c *Composer) startSearch() ui.Action {
	c.search = reverseSearch{on: true, at: len(c.history.items), draft: c.Value()}
	if len(c.history.items) == 0 {
		c.search = reverseSearch{}
		return ui.Note{Text: "reverse search: nothing sent yet to search"}
	}
	return c.searchNote()
}

// onSearchKey handles a key the search takes.
func (c *Composer) onSearchKey(msg tea.KeyPressMsg) ui.Action {
	s := &c.search
	switch {
	case key.Matches(msg, stopKey):
		draft := s.draft
		c.StopSearch()
		c.SetValue(draft)
		return ui.Note{Text: "reverse search ended: your draft is back"}
	case key.Matches(msg, keepKey):
		c.StopSearch()
		return ui.Note{Text: "kept from your history: " + ui.KeyName(c.ctx.Keys.Send) + " sends it"}
	case key.Matches(msg, searchKey):
		c.find(s.at - 1)
	case key.Matches(msg, shrinkKey):
		if len(s.query) > 0 {
			s.query = s.query[:len(s.query)-1]
		}
		c.find(len(c.history.items) - 1)
	default:
		s.query = append(s.query, []rune(msg.Key().Text)...)
		c.find(s.at)
	}
	return c.searchNote()
}

// find shows the newest history item at or before from that holds the
// query; with none, the match shown stays and the search says it failed.
func (c *Composer) find(from int) {
	s, items := &c.search, c.history.items
	q := strings.ToLower(string(s.query))
	for i := min(from, len(items)-1); i >= 0; i-- {
		if strings.Contains(strings.ToLower(items[i]), q) {
			s.at, s.failed = i, false
			c.SetValue(items[i])
			return
		}
	}
	s.failed = true
}

// searchNote is the status line of the search: the query and its keys.
func (c *Composer) searchNote() ui.Action {
	s := &c.search
	head := "reverse search"
	if s.failed {
		head = "reverse search, no older match"
	}
	return ui.Note{Text: head + ": “" + string(s.query) + "” · ctrl+r older · " + ui.KeyName(c.ctx.Keys.Send) +
		" keeps it · esc puts your draft back"}
}
