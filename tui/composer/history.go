package composer

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// historyMax bounds the input history.
const historyMax = 1000

// history is what the person sent or cleared, newest last; ↑ on an empty
// composer walks it back.
type history struct {
	items []string
	added []string // remembered since the history was last set
	at    int      // the item shown, len(items) when none
}

// add keeps a text, once, as the newest.
func (h *history) add(text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	h.added = append(h.added, text)
	if n := len(h.items); n == 0 || h.items[n-1] != text {
		h.items = append(h.items, text)
	}
	if len(h.items) > historyMax {
		h.items = h.items[len(h.items)-historyMax:]
	}
	h.at = len(h.items)
}

// SetHistory makes items (oldest first) the history ↑ walks, a session's
// kept one; what was remembered since it was last set stays the newest.
// nil starts an empty history (another session's, until it is read).
func (c *Composer) SetHistory(items []string) {
	h := &c.history
	added := h.added
	h.items, h.added = append([]string(nil), items...), nil
	if items == nil {
		added = nil
	}
	for _, t := range added {
		h.add(t)
	}
	h.added = nil
	if len(h.items) > historyMax {
		h.items = h.items[len(h.items)-historyMax:]
	}
	h.at = len(h.items)
}

// walk moves through the history while the composer is empty or shows the
// item walked to; ok is false for a key that is not the history's then.
func (c *Composer) walk(msg tea.KeyPressMsg) (ok bool) {
	h := &c.history
	up, down := key.Matches(msg, c.ctx.Keys.Up), key.Matches(msg, c.ctx.Keys.Down)
	if !up && !down {
		return false
	}
	// Only a draft of the size of the item walked to is read whole: ↑ in
	// a long draft costs no more than another key.
	showing := h.at < len(h.items) && c.Size() == len(h.items[h.at]) && c.Value() == h.items[h.at]
	if !showing && c.Size() > 0 {
		return false
	}
	switch {
	case up && h.at > 0:
		h.at--
	case down && showing:
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

// HistoryLen is how many texts the history holds.
func (c *Composer) HistoryLen() int { return len(c.history.items) }
