package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Option is one answer of a Choice: its words (and short ones), its letter (an unset
// binding: none), what it reports, and whether the dialog stays once it is
// picked (until the root closes it: a take-over waits for its claim).
type Option struct {
	Label string
	Short string // its words in the keys' line, "" for Label
	Key   key.Binding
	Act   ui.Action
	Stays bool
}

// Choice asks a question whose answers send, delete or spend: each answer
// is an option on screen, and a person picks one with keys nobody types in
// a sentence. Enter picks the marked option (the safe one, unless the
// person moves the mark), ↑ ↓ and tab move the mark, esc and ctrl+c pick
// the safe one. It takes no text: an option's letter only marks it, and
// other text goes on to the screen under it (the stack's rule: Stack.Route).
type Choice struct {
	ctx         *ui.Context
	title, body string
	opts        []Option
	sel         int    // the marked option
	safe        int    // what esc and ctrl+c pick
	passed      bool   // text typed at it went on under it
	reached     bool   // the person reached it: its letters mark their options
	under       string // what it says then, "" for its usual words
	w, h        int
}

// NewChoice asks body under title with opts; safe is the option esc and
// ctrl+c pick, marked first.
func NewChoice(ctx *ui.Context, title, body string, opts []Option, safe int) *Choice {
	return &Choice{ctx: ctx, title: title, body: body, opts: opts, sel: safe, safe: safe, reached: true}
}

// Safe is the safe option's answer.
func (d *Choice) Safe() ui.Action { return d.opts[d.safe].Act }

// Kind is Asks.
func (d *Choice) Kind() Kind { return Asks }

func (d *Choice) choice() *Choice { return d }

func (d *Choice) passedUnder() { d.passed = true }

func (d *Choice) attend(on bool) { d.reached = on }

// letter is the option whose letter k is.
func (d *Choice) letter(k tea.KeyPressMsg) (int, bool) {
	for i, o := range d.opts {
		if o.Key.Enabled() && key.Matches(k, o.Key) {
			return i, true
		}
	}
	return 0, false
}

// Mark marks option i, for enter to pick.
func (d *Choice) Mark(i int) { d.sel = min(max(i, 0), len(d.opts)-1) }

// Marked is the marked option's index.
func (d *Choice) Marked() int { return d.sel }

// ShortHelp lists the dialog's keys.
func (d *Choice) ShortHelp() []key.Binding {
	k := &d.ctx.Keys
	out := []key.Binding{k.Up, k.Down, k.Open, k.Dismiss}
	for _, o := range d.opts {
		if o.Key.Enabled() && d.reached {
			out = append(out, o.Key)
		}
	}
	return out
}

// FullHelp lists the dialog's keys.
func (d *Choice) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// SetSize takes the screen's size.
func (d *Choice) SetSize(w, h int) { d.w, d.h = w, h }

// Update moves the mark or picks the marked option; the stack's rule
// answers esc and ctrl+c and keeps text from it.
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
	case key.Matches(k, keys.Down, keys.Panes) || k.String() == "right":
		d.sel = (d.sel + 1) % len(d.opts)
	}
	return nil, nil
}

// pick reports option i's answer, closing the dialog unless it stays.
func (d *Choice) pick(i int) ui.Action {
	if d.opts[i].Stays {
		return d.opts[i].Act
	}
	return ui.Join(ui.Close{}, d.opts[i].Act)
}

// View draws the question, then the options (the marked one with ▸) and
// the keys as one paragraph, which a small screen never cuts.
func (d *Choice) View() string {
	return ui.Box(d.ctx.Styles, d.title, d.body+"\n\n"+d.options(), d.w, d.h)
}

// options is the options, each with its letter, then what became of the
// text typed at it and the keys: those two are left out when the box is
// too small for them and the options (ui.Box keeps the last paragraph's
// last lines).
func (d *Choice) options() string {
	c := d.ctx
	var opts []string
	for i, o := range d.opts {
		label := o.Label
		if o.Key.Enabled() && d.reached {
			label += " (" + ui.Proposes(o.Key) + ")"
		}
		if i == d.sel {
			opts = append(opts, c.Styles.Selected.Render("▸ "+label))
		} else {
			opts = append(opts, "  "+label)
		}
	}
	var more []string
	if d.passed {
		under := d.under
		if under == "" {
			under = "What you type goes on under this question: it waits for an answer."
		}
		more = append(more, c.Styles.KeyDesc.Render(under))
	}
	more = append(more, c.Hints(
		c.Styles.Key.Render(ui.KeyName(c.Keys.Up)+ui.KeyName(c.Keys.Down))+c.Styles.KeyDesc.Render(" choose"),
		c.Hint(c.Keys.Open, "picks the marked one"),
		c.Hint(c.Keys.Dismiss, d.opts[d.safe].short())))
	for len(more) > 0 && d.h > 0 && wrapped(append(opts, more...), d.w) > boxRoom(d.h) {
		more = more[1:]
	}
	return strings.Join(append(opts, more...), "\n")
}

// short is the option's words in the keys' line.
func (o Option) short() string {
	if o.Short != "" {
		return o.Short
	}
	return strings.TrimSuffix(o.Label, ":")
}

// wrapped is how many lines lines take in a box of a screen w wide.
func wrapped(lines []string, w int) int {
	return strings.Count(xansi.Wrap(strings.Join(lines, "\n"), max(min(w-4, 96), 10), ""), "\n") + 1
}

// boxRoom is how many lines of text a box of a screen h high keeps.
func boxRoom(h int) int { return h - 4 }

// NewDelete asks to confirm deleting target, naming it: it reports Delete
// once confirmed. Keeping the session is marked, so enter alone (after
// ctrl+d, a habit of ending input) deletes nothing; y marks delete, and
// enter then deletes.
func NewDelete(ctx *ui.Context, target wire.Summary) *Choice {
	body := "Delete “" + ui.TitleLine(target.DisplayTitle()) + "” (" + ui.SanitizeLine(target.SessionID) + ")?\n" +
		"The host moves it to its trash; its mirrored document goes to the workspace's Trash."
	return NewChoice(ctx, "Delete session", body, []Option{
		{Label: "keep it", Key: Letters(ctx.Keys.Cancel)},
		{Label: "delete it", Key: Letters(ctx.Keys.Confirm), Act: Delete{Target: target}},
	}, 0)
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
