package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Option is one answer of a Choice: its words, the key that picks it at
// once when the dialog was opened by a key (an unset binding: none), and
// what it reports.
type Option struct {
	Label string
	Key   key.Binding
	Act   ui.Action
}

// Choice asks a question whose answers send, delete or spend: each answer
// is an option on screen, and a person picks one with keys nobody types in
// a sentence. Enter picks the marked option (the safe one, unless the
// caller marks another), ↑ ↓ and tab move the mark, esc picks the safe
// one. An option's own letter (y, n) picks it only when the dialog was
// opened by a key, never when it was opened by enter on text, whose next
// words would answer it. It takes no text: any other text key closes it
// with the safe answer and goes on to the screen under it (Through), so
// the words a person types on are theirs, whole.
type Choice struct {
	ctx         *ui.Context
	title, body string
	opts        []Option
	sel         int  // the marked option
	safe        int  // what esc and typing pick
	byKey       bool // opened by a key: the options' letters answer
	w, h        int
}

// NewChoice asks body under title with opts; safe is the option esc and
// typing pick, marked first. byKey says the dialog was opened by a key of
// its own (ctrl+d), not by enter on text.
func NewChoice(ctx *ui.Context, title, body string, opts []Option, safe int, byKey bool) *Choice {
	return &Choice{ctx: ctx, title: title, body: body, opts: opts, sel: safe, safe: safe, byKey: byKey}
}

// Through hands a key to the screen under a dialog that closed on it: the
// text a person typed on goes where it would have gone with no dialog.
type Through struct {
	action
	Key tea.KeyPressMsg
}

// Mark marks option i, for enter to pick.
func (d *Choice) Mark(i int) { d.sel = min(max(i, 0), len(d.opts)-1) }

// Marked is the marked option's index.
func (d *Choice) Marked() int { return d.sel }

// ShortHelp lists the dialog's keys.
func (d *Choice) ShortHelp() []key.Binding {
	k := &d.ctx.Keys
	out := []key.Binding{k.Up, k.Down, k.Open, k.Dismiss}
	if d.byKey {
		for _, o := range d.opts {
			if o.Key.Enabled() {
				out = append(out, o.Key)
			}
		}
	}
	return out
}

// FullHelp lists the dialog's keys.
func (d *Choice) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// SetSize takes the screen's size.
func (d *Choice) SetSize(w, h int) { d.w, d.h = w, h }

// Update moves the mark, picks an option, or closes safely on text.
func (d *Choice) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	keys := &d.ctx.Keys
	switch {
	case key.Matches(k, keys.Open):
		return nil, d.pick(d.sel)
	case key.Matches(k, keys.Dismiss):
		return nil, d.pick(d.safe)
	case key.Matches(k, keys.Up, keys.PanesBack) || k.String() == "left":
		d.sel = (d.sel + len(d.opts) - 1) % len(d.opts)
		return nil, nil
	case key.Matches(k, keys.Down, keys.Panes) || k.String() == "right":
		d.sel = (d.sel + 1) % len(d.opts)
		return nil, nil
	}
	if d.byKey {
		for i, o := range d.opts {
			if o.Key.Enabled() && key.Matches(k, o.Key) {
				return nil, d.pick(i)
			}
		}
	}
	if k.Key().Text != "" && k.Mod&(tea.ModCtrl|tea.ModAlt) == 0 || ui.IsLineEditing(k.String()) {
		// The key goes on first, then the safe answer: a text it gives back
		// comes before what was typed (composer.Restore). A line editor's
		// key (ctrl+u) goes on too: it edits what it would have edited.
		return nil, ui.Join(ui.Close{}, Through{Key: k}, d.opts[d.safe].Act)
	}
	return nil, nil
}

// pick closes the dialog with option i's answer.
func (d *Choice) pick(i int) ui.Action { return ui.Join(ui.Close{}, d.opts[i].Act) }

// View draws the question, then the options (the marked one with ▸) and
// the keys as one paragraph, which a small screen never cuts.
func (d *Choice) View() string {
	c := d.ctx
	var b strings.Builder
	b.WriteString(d.body + "\n\n")
	for i, o := range d.opts {
		label := o.Label
		if d.byKey && o.Key.Enabled() {
			label += " (" + ui.KeyName(o.Key) + ")"
		}
		if i == d.sel {
			b.WriteString(c.Styles.Selected.Render("▸ "+label) + "\n")
		} else {
			b.WriteString("  " + label + "\n")
		}
	}
	b.WriteString(c.Hints(
		c.Styles.Key.Render(ui.KeyName(c.Keys.Up)+ui.KeyName(c.Keys.Down))+c.Styles.KeyDesc.Render(" choose"),
		c.Hint(c.Keys.Open, "picks the marked one"),
		c.Hint(c.Keys.Dismiss, strings.TrimSuffix(d.opts[d.safe].Label, ":"))))
	return ui.Box(c.Styles, d.title, b.String(), d.w, d.h)
}

// NewDelete asks to confirm deleting target, naming it: it reports Delete
// once confirmed. Keeping the session is marked, so enter alone (after
// ctrl+d, a habit of ending input) deletes nothing; y deletes at once, as
// the dialog is opened by a key.
func NewDelete(ctx *ui.Context, target client.Summary) *Choice {
	body := "Delete “" + ui.TitleLine(target.DisplayTitle()) + "” (" + ui.SanitizeLine(target.SessionID) + ")?\n" +
		"The host moves it to its trash; its mirrored document goes to the workspace's Trash."
	return NewChoice(ctx, "Delete session", body, []Option{
		{Label: "keep it", Key: Letters(ctx.Keys.Cancel)},
		{Label: "delete it", Key: Letters(ctx.Keys.Confirm), Act: Delete{Target: target}},
	}, 0, true)
}

// Letters is the keys of b that are a single letter or digit (y of
// "y/enter"), as a binding of their own: what answers a Choice opened by a
// key.
func Letters(b key.Binding) key.Binding {
	var keys []string
	for _, k := range b.Keys() {
		if r := []rune(k); len(r) == 1 && r[0] > ' ' {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return key.NewBinding(key.WithDisabled())
	}
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(strings.Join(keys, "/"), b.Help().Desc))
}
