// Package ui is what the terminal UI's components share: the read-only
// Context they draw with, the key map, the actions they report, and the
// small helpers for text, hints and boxes. It holds no state of its own.
package ui

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"

	"github.com/sophia-labs/vehicle/theme"
)

// Context is what every component reads and none writes: the styles of the
// terminal's background, the key map, the help renderer, the clock, where
// times are shown and whether the UI only watches. The root owns it and
// changes it (a new background changes Styles); components keep a pointer
// to it and only read.
type Context struct {
	Styles   *theme.Styles
	Keys     KeyMap
	Help     help.Model
	Now      func() time.Time
	Location *time.Location
	Watch    bool   // read-only: this terminal never claims and never sends
	ClientID string // this terminal's client id, to tell it from the person's other terminals
	Tmux     bool   // the UI runs inside tmux: copies go through tmux's own buffer (Copy)
}

// Hint is one key of a binding and what it does here, styled: the key comes
// from the binding, so a rebinding changes every hint that names it. An
// empty desc is the binding's own.
func (c *Context) Hint(b key.Binding, desc string) string {
	if desc == "" {
		desc = b.Help().Desc
	}
	return c.Styles.Key.Render(b.Help().Key) + c.Styles.KeyDesc.Render(" "+desc)
}

// Hints joins hints with " · ".
func (c *Context) Hints(hs ...string) string {
	var b strings.Builder
	for i, h := range hs {
		if i > 0 {
			b.WriteString(c.Styles.KeyDesc.Render(" · "))
		}
		b.WriteString(h)
	}
	return b.String()
}

// KeyName is a binding's keys as help shows them, for hints written into
// sentences.
func KeyName(b key.Binding) string { return b.Help().Key }

// Proposes is a key that is text as the hints show it: its first key and
// ↵, since it acts only once enter confirms it ("a↵").
func Proposes(b key.Binding) string { return FirstKey(b) + "↵" }

// FirstKey is the first of a binding's keys as help shows them ("f1" of
// "f1/alt+e"), for the tightest places.
func FirstKey(b key.Binding) string {
	k, _, _ := strings.Cut(b.Help().Key, "/")
	return k
}
