package tui

import (
	"math"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// composer is the multi-line input where the person writes. Enter is the
// UI's (send); ctrl+j, alt+enter and shift+enter insert a newline. It uses
// the terminal's own cursor, so it schedules no blink ticks.
type composer struct {
	c       *common
	ta      textarea.Model
	history history // what the person sent or cleared
	grow    growth  // its height and scroll (composer_grow.go)
}

func newComposer(c *common, st *theme.Styles, keys *ui.KeyMap) composer {
	ta := textarea.New()
	ta.ShowLineNumbers = false
	ta.Prompt = "┃ "
	ta.CharLimit = 0
	ta.MaxHeight = 0
	ta.DynamicHeight = true             // as high as the draft, up to the window (composer_grow.go)
	ta.MaxContentHeight = math.MaxInt32 // the draft is never cut: the window scrolls
	ta.SetVirtualCursor(false)
	km := textarea.DefaultKeyMap()
	km.InsertNewline = keys.Newline
	km.LineEnd = key.NewBinding(key.WithKeys("end"))
	km.InputEnd = key.NewBinding(key.WithKeys("alt+>"))
	km.InputBegin = key.NewBinding(key.WithKeys("alt+<"))       // ctrl+home is the transcript's
	km.CharacterForward = key.NewBinding(key.WithKeys("right")) // ctrl+f searches
	km.SelectAll = key.NewBinding(key.WithDisabled())
	km.TransposeCharacterBackward = key.NewBinding(key.WithDisabled())
	km.PageUp = key.NewBinding(key.WithDisabled())
	km.PageDown = key.NewBinding(key.WithDisabled())
	ta.KeyMap = km
	co := composer{c: c, ta: ta}
	co.setStyles(st)
	co.ta.Focus()
	return co
}

// SetSize gives the composer its width and the most lines it may take.
func (c *composer) SetSize(w, h int) { c.setSize(w, h) }

// View draws the composer: exactly its height in lines.
func (c *composer) View() string { return c.view() }

// ShortHelp lists the composer's keys: what the session does with the
// draft, then the composer's own.
func (c *composer) ShortHelp() []key.Binding {
	k := &c.c.Keys
	return []key.Binding{k.Send, k.Newline, k.Steer, k.Abort, k.Editor, k.Quit}
}

// FullHelp lists the composer's keys, the history's with them.
func (c *composer) FullHelp() [][]key.Binding {
	k := &c.c.Keys
	return [][]key.Binding{c.ShortHelp(), {k.Up, k.Down}}
}

// Update edits the draft: keys and pastes go to the textarea, ↑ and ↓ on
// an empty composer walk the history, the editor key opens the draft in
// $EDITOR and its answer comes back here. A watching terminal's composer
// takes nothing. done is always false: the composer never closes.
func (c *composer) Update(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case editorDoneMsg:
		if msg.text != "" || msg.err == nil {
			c.setValue(msg.text)
		}
		c.c.setErr(msg.err)
		return nil, false
	case tea.KeyPressMsg:
		switch {
		case c.c.cfg.Watch && c.c.focus != focusVisit:
			if msg.Text != "" {
				c.c.note = c.watchNote()
			}
			return nil, false
		case key.Matches(msg, c.c.Keys.Editor):
			return editDraft(c.c.cfg.Editor, c.value()), false
		case c.walk(msg):
			return nil, false
		}
	case tea.PasteMsg:
		if c.c.cfg.Watch && c.c.focus != focusVisit {
			c.c.note = c.watchNote()
			return nil, false
		}
	}
	return c.update(msg), false
}

// setStyles styles the textarea from the theme.
func (c *composer) setStyles(st *theme.Styles) {
	state := textarea.StyleState{
		Base:        lipgloss.NewStyle(),
		Text:        st.Body,
		CursorLine:  st.Body,
		EndOfBuffer: st.Placeholder,
		Placeholder: st.Placeholder,
		Prompt:      st.Prompt,
		Selection:   lipgloss.NewStyle().Reverse(true),
	}
	blurred := state
	blurred.Prompt = st.Rule
	c.ta.SetStyles(textarea.Styles{
		Focused: state,
		Blurred: blurred,
		Cursor:  textarea.CursorStyle{Color: st.Palette.Accent, Shape: tea.CursorBar, Blink: true},
	})
}

// setSize sets the composer's width and the most lines it may take.
func (c *composer) setSize(w, h int) {
	c.grow.width, c.grow.limit = w, max(h, 1)
	c.ta.SetWidth(w)
	c.fit()
}

// setPlaceholder sets the hint shown while the composer is empty.
func (c *composer) setPlaceholder(s string) { c.ta.Placeholder = s }

// value is the draft.
func (c *composer) value() string { return c.ta.Value() }

// setValue replaces the draft and puts the cursor at its end.
func (c *composer) setValue(s string) {
	c.ta.SetValue(s)
	c.ta.MoveToEnd()
	c.fit()
}

// restore puts a refused text back, before what was typed since.
func (c *composer) restore(text string) {
	if now := c.ta.Value(); strings.TrimSpace(now) != "" {
		text += "\n" + now
	}
	c.setValue(text)
}

// blank reports whether the draft is only whitespace.
func (c *composer) blank() bool { return strings.TrimSpace(c.ta.Value()) == "" }

// update passes keys and pastes to the textarea: what is routed to the
// composer has the keyboard.
func (c *composer) update(msg tea.Msg) tea.Cmd {
	c.ta.Focus()
	var cmd tea.Cmd
	c.ta, cmd = c.ta.Update(msg)
	c.fit()
	return cmd
}

// setFocused moves the keyboard to the composer (true) or away from it.
func (c *composer) setFocused(on bool) {
	if on {
		c.ta.Focus()
	} else {
		c.ta.Blur()
	}
}

// focused reports whether the composer has the keyboard.
func (c *composer) focused() bool { return c.ta.Focused() }

// cursor is where the terminal's cursor goes, relative to the composer.
func (c *composer) cursor() *tea.Cursor { return c.shownCursor() }

// watchNote answers text typed while watching read-only: there is no
// composer, so it says so, and where the commands that work are.
func (c *composer) watchNote() string {
	return "watching read-only: nothing written here is sent · " + ui.KeyName(c.c.Keys.Palette) + " lists what works here"
}
