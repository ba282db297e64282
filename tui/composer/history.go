package composer

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// historyMax bounds the input history.
const historyMax = 100

// history is what the person sent or cleared, newest last; ↑ on an empty
// composer walks it back.
type history struct {
	items []string
	at    int // the item shown, len(items) when none
}

// add keeps a text, once, as the newest.
func (h *history) add(text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	if n := len(h.items); n == 0 || h.items[n-1] != text {
		h.items = append(h.items, text)
	}
	if len(h.items) > historyMax {
		h.items = h.items[len(h.items)-historyMax:]
	}
	h.at = len(h.items)
}

// walk moves through the history while the composer is empty or shows the
// item walked to; ok is false for a key that is not the history's then.
func (c *Composer) walk(msg tea.KeyPressMsg) (ok bool) {
	h := &c.history
	v := c.Value()
	showing := h.at < len(h.items) && v == h.items[h.at]
	if v != "" && !showing {
		return false
	}
	switch {
	case key.Matches(msg, c.ctx.Keys.Up) && h.at > 0:
		h.at--
	case key.Matches(msg, c.ctx.Keys.Down) && showing:
		h.at++
	default:
		return false
	}
	if h.at < len(h.items) {
		c.SetValue(h.items[h.at])
	} else {
		c.SetValue("")
	}
	return true
}
