// Package composer is the multi-line input where the person writes: its
// growth with the draft, the window of a long draft its textarea holds
// (so a key costs the same in a draft of any length), the input history ↑
// walks, and $EDITOR.
//
// The editor's command is split with strings.Fields, as
// github.com/charmbracelet/x/editor (v0.2.0 read) splits it; that package
// is not used because it reads $EDITOR from the process's environment
// only (not $VISUAL first, not the command the UI is given) and falls back
// to nano where vehicle falls back to vi.
package composer

import (
	"context"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Composer is the multi-line input where the person writes. Enter is the
// UI's (send); ctrl+j, alt+enter and shift+enter insert a newline. It uses
// the terminal's own cursor, so it schedules no blink ticks.
type Composer struct {
	ctx      *ui.Context
	ta       textarea.Model
	history  history       // what the person sent or cleared
	grow     growth        // its height and scroll (grow.go)
	chips    chips         // large pastes, each one line in the draft (paste.go)
	tooBig   bool          // the draft is over the size a message may have
	saidBig  bool          // the status line said so, since it crossed
	readOnly bool          // watching read-only: it takes nothing
	editor   EditorRun     // how $EDITOR runs
	editing  *editorRun    // the last editor run, until its answer comes back
	drawn    drawing       // the last drawing, while nothing it shows changed (grow.go)
	kills    killRing      // what the last kills took, for ctrl+y (readline.go)
	chord    string        // the first key of a chord pressed (ctrl+x), waiting for the second (chord.go)
	search   reverseSearch // ctrl+r's search of the history (readline.go)
	win      window        // the draft's lines outside the textarea's (window.go)
	goal     goal          // the column ↑ and ↓ keep to (reach.go)
	typed    typed         // what the last key did to the textarea's lines
	edits    uint64        // changes to the draft's text (Edits)
	apart    bool          // enter sent nothing: text typed next at the end goes on a new line
}

// The prompt marks whether the composer has the keys by its shape, not by
// its colour alone (NO_COLOR): a heavy bar with the keys, a dashed one
// without.
const (
	promptFocused = "┃ "
	promptBlurred = "╎ "
)

// New is the composer of ctx; editor is the command the editor key runs on
// the draft ("" for vi).
func New(ctx *ui.Context, editor string) *Composer {
	st, keys := ctx.Styles, &ctx.Keys
	ta := textarea.New()
	ta.ShowLineNumbers = false
	ta.Prompt = promptFocused
	ta.CharLimit = 0
	// The composer sets the textarea's height itself (fit, grow.go): with a
	// MaxHeight, the textarea shrinks its cache of wrapped lines to that many,
	// and every key wrapped every line of the draft again (0.5 s a key at
	// 2,450 lines); with DynamicHeight it counts them all after each key.
	// Neither bound is set, so the draft is never cut: the window scrolls.
	ta.MaxHeight = 0
	ta.DynamicHeight = false
	ta.MaxContentHeight = 0
	ta.SetVirtualCursor(false)
	km := textarea.DefaultKeyMap()
	km.InsertNewline = keys.Newline
	km.LineEnd = key.NewBinding(key.WithKeys("end", "ctrl+e"))
	km.InputEnd = key.NewBinding(key.WithKeys("alt+>"))
	km.InputBegin = key.NewBinding(key.WithKeys("alt+<"))              // ctrl+home is the transcript's
	km.CharacterForward = key.NewBinding(key.WithKeys("right"))        // ctrl+f searches
	km.SelectAll = key.NewBinding(key.WithDisabled())                  // ctrl+g is the editor's
	km.TransposeCharacterBackward = key.NewBinding(key.WithDisabled()) // ctrl+t takes over
	km.PageUp = key.NewBinding(key.WithDisabled())
	km.PageDown = key.NewBinding(key.WithDisabled())
	ta.KeyMap = km
	co := &Composer{ctx: ctx, ta: ta, editor: EditorRun{Command: editor}, win: window{slack: slack}}
	co.SetStyles(st)
	co.ta.Focus()
	return co
}

// View draws the composer: exactly its height in lines.
func (c *Composer) View() string { return c.view() }

// ShortHelp lists the composer's keys: what the session does with the
// draft, then the composer's own.
func (c *Composer) ShortHelp() []key.Binding {
	k := &c.ctx.Keys
	return []key.Binding{k.Send, k.Newline, k.Steer, k.Abort, k.Editor, k.Quit}
}

// FullHelp lists the composer's keys, the history's with them.
func (c *Composer) FullHelp() [][]key.Binding {
	k := &c.ctx.Keys
	return [][]key.Binding{c.ShortHelp(), {k.Up, k.Down}}
}

// Update edits the draft: keys and pastes go to the textarea, ↑ and ↓ on
// an empty composer walk the history, the editor key opens the draft in
// $EDITOR and its answer comes back here. A read-only composer takes
// nothing, and says so.
func (c *Composer) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	switch msg := msg.(type) {
	case EditedMsg:
		c.editing = nil
		switch {
		case msg.Exit != 0:
			if msg.Changed {
				c.SetValue(msg.Text)
			}
			return nil, ui.Note{Text: exitWords(msg)}
		case msg.Text != "" || msg.Err == nil:
			c.SetValue(msg.Text)
		}
		return nil, ui.Failed{Err: msg.Err}
	case ui.Chord:
		switch {
		case c.readOnly:
			return nil, ui.Note{Text: c.watchNote()}
		case key.Matches(msg, c.ctx.Keys.Editor):
			return c.Edit(), nil
		}
		return nil, nil
	case tea.KeyPressMsg:
		return c.onKey(msg)
	case tea.PasteMsg:
		if c.readOnly {
			return nil, ui.Note{Text: c.watchNote()}
		}
		c.StopSearch()
		return c.paste(msg), c.limitNote()
	}
	return c.Type(msg), c.limitNote()
}

// onKey edits the draft with a key: the line editor's keys as a shell's,
// ↑ and ↓ on an empty composer walk the history, the editor key opens
// $EDITOR. A read-only composer takes nothing, and says so.
func (c *Composer) onKey(msg tea.KeyPressMsg) (tea.Cmd, ui.Action) {
	if c.search.on {
		if c.SearchTakes(msg) {
			return nil, c.onSearchKey(msg)
		}
		c.StopSearch() // any other key keeps the match, and does what it does
		cmd, act := c.edit(msg)
		return cmd, ui.Join(ui.Note{}, act) // the search's line goes
	}
	return c.edit(msg)
}

// edit handles a key that is not the search's.
func (c *Composer) edit(msg tea.KeyPressMsg) (tea.Cmd, ui.Action) {
	chain := c.kills.killing
	c.kills.killing = false
	switch {
	case c.readOnly:
		if msg.Text != "" {
			return nil, ui.Note{Text: c.watchNote()}
		}
		return nil, nil
	case key.Matches(msg, c.ctx.Keys.Editor):
		return c.Edit(), nil
	case key.Matches(msg, searchKey):
		return nil, c.startSearch()
	case key.Matches(msg, yankKey):
		return c.yank(), c.limitNote()
	case c.walk(msg), c.dropChip(msg):
		return nil, c.limitNote()
	}
	if cmd, ok := c.kill(msg, chain); ok {
		return cmd, c.limitNote()
	}
	return c.Type(msg), c.limitNote()
}

// limitNote says, as the draft crosses the size a message may have, that
// the host would refuse it; nil otherwise.
func (c *Composer) limitNote() ui.Action {
	if !c.tooBig || c.saidBig {
		c.saidBig = c.tooBig
		return nil
	}
	c.saidBig = true
	return ui.Note{Text: c.limitWords() + ": shorten it before you send it (" + ui.KeyName(c.ctx.Keys.Editor) + " edits it)"}
}

// limitWords says how far over the size a message may have the draft is.
func (c *Composer) limitWords() string {
	return "the draft is " + ui.Bytes(int64(c.Size())) + ", over the " + ui.Bytes(wire.MaxTextBytes) + " a message may hold"
}

// SetReadOnly makes the composer take nothing (watching read-only) or text
// again.
func (c *Composer) SetReadOnly(on bool) { c.readOnly = on }

// Edit opens the draft in $EDITOR; the edited text comes back as EditedMsg.
func (c *Composer) Edit() tea.Cmd {
	c.editing = newEditorRun(c.editor, c.Value())
	return editDraft(c.editing)
}

// SetEditorRun says how $EDITOR runs beside its command: the UI's context,
// at whose end the editor is ended, and who is told when the terminal is
// lent to it.
func (c *Composer) SetEditorRun(ctx context.Context, lend func(lent bool)) {
	c.editor.Context, c.editor.Lend = ctx, lend
}

// Kept is the draft to keep when the UI ends: the composer's text, or what
// the editor had saved when the UI ended while it ran.
func (c *Composer) Kept() string {
	if text, ok := c.editing.cut(); ok {
		return text
	}
	return c.Value()
}

// SetStyles styles the textarea from the theme.
func (c *Composer) SetStyles(st *theme.Styles) {
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
	c.changed()
	c.ta.SetStyles(textarea.Styles{
		Focused: state,
		Blurred: blurred,
		Cursor:  textarea.CursorStyle{Color: st.Palette.Accent, Shape: tea.CursorBar, Blink: true},
	})
}

// SetSize gives the composer its width and the most lines it may take.
func (c *Composer) SetSize(w, h int) {
	if w != c.grow.width || max(h, 1) != c.grow.limit {
		c.changed()
	}
	rewrap := w != c.grow.width
	c.grow.width, c.grow.limit = w, max(h, 1)
	c.ta.SetWidth(w)
	c.fit()
	if rewrap {
		// The lines wrap anew: the draft is shown up to the cursor's row.
		c.ta.View() // the viewport takes the lines as wrapped now, to scroll over them
		c.unscroll(c.ta.Height())
		c.fit()
	}
}

// SetPlaceholder sets the hint shown while the composer is empty.
func (c *Composer) SetPlaceholder(s string) {
	if s != c.ta.Placeholder {
		c.changed()
		c.ta.Placeholder = s
	}
}

// Value is the draft, its chips expanded.
func (c *Composer) Value() string { return c.chips.expand(c.raw()) }

// SetValue replaces the draft and puts the cursor at its end; a large text
// is collapsed into chips.
func (c *Composer) SetValue(s string) {
	c.changed()
	c.edits++
	c.win.reset()
	c.goal = goal{}
	c.apart = false
	c.ta.SetValue(c.chips.collapse(s))
	c.ta.MoveToEnd()
	c.fit()
}

// Restore puts a refused text back, before what was typed since.
func (c *Composer) Restore(text string) { c.SetValue(joinLines(text, c.Value())) }

// PutBack puts text handed back after what the draft holds, on a line of
// its own (a text given as the model key that is not one: words the person
// typed where the key field was).
func (c *Composer) PutBack(text string) { c.SetValue(joinLines(c.Value(), text)) }

// joinLines is first, then second on a line of its own; a blank one is left out.
func joinLines(first, second string) string {
	switch {
	case strings.TrimSpace(first) == "":
		return second
	case strings.TrimSpace(second) == "":
		return first
	}
	return first + "\n" + second
}

// Blank reports whether the draft is only whitespace.
func (c *Composer) Blank() bool {
	return c.win.above.filled == 0 && c.win.below.filled == 0 && strings.TrimSpace(c.ta.Value()) == ""
}

// Type passes a key or a paste to the textarea, whatever has the focus: what
// is routed to the composer has the keyboard.
func (c *Composer) Type(msg tea.Msg) tea.Cmd {
	c.changed()
	c.ta.Focus()
	if !c.ta.HasSelection() {
		// The textarea keeps a selection it emptied (its anchor) and the
		// next selecting key starts there, wherever the cursor went since;
		// the composer starts it at the cursor.
		c.ta.ClearSelection()
	}
	c.reach(msg)
	before := c.ta.Value()
	c.keepApart(msg)
	cmd := c.typeKeepingGoal(msg)
	c.typed = typed{before: before, after: c.ta.Value()}
	if c.typed.before != c.typed.after {
		c.edits++
	}
	c.fit() // the window may move: typed is what the key itself did
	return cmd
}

// typed is the textarea's lines before and after the last key Type
// passed it (not the whole draft: its window, window.go).
type typed struct{ before, after string }

// Edits counts the changes to the draft's text: it grows with each key or
// paste that changed it and each draft set, and only then.
func (c *Composer) Edits() uint64 { return c.edits }

// SetFocused moves the keyboard to the composer (true) or away from it.
func (c *Composer) SetFocused(on bool) {
	if on != c.ta.Focused() {
		c.changed()
	}
	if on {
		c.ta.Focus()
		c.ta.Prompt = promptFocused
	} else {
		c.ta.Blur()
		c.ta.Prompt = promptBlurred
		c.StopSearch() // the search ends where readline's would: the keys went elsewhere
	}
}

// Focused reports whether the composer has the keyboard.
func (c *Composer) Focused() bool { return c.ta.Focused() }

// Cursor is where the terminal's cursor goes, relative to the composer.
func (c *Composer) Cursor() *tea.Cursor { return c.shownCursor() }

// Remember keeps a text in the input history, as the newest.
func (c *Composer) Remember(text string) { c.history.add(text) }

// watchNote answers text typed while watching read-only: there is no
// composer, so it says so, and where the commands that work are.
func (c *Composer) watchNote() string {
	return "watching read-only: nothing written here is sent · " + ui.KeyName(c.ctx.Keys.Palette) + " lists what works here"
}
