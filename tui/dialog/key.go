package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Refusal is what the host said when it refused for want of a model key:
// its code and message, the doors it named, and whether it refused to
// create a session (else a text waits in the composer).
type Refusal struct {
	Code    string
	Message string
	Doors   *wire.Doors
	Create  bool
	Funding string // the refused session's funding ("" at create)
}

// Key asks for the person's model key, after a refusal a key would cure or
// on its key at any time. The field is masked: the key is never drawn. It
// reports GiveKey with the key and whether to save it in the OS keyring.
// It takes keys, not sentences: a text that is not of a key's shape
// (KeyShape) is not kept, and the dialog says why; words (a text with
// spaces) go back to the composer (NotAKey), a word stays in the field to
// be put right.
type Key struct {
	ctx      *ui.Context
	refusal  *Refusal   // what the host said, nil when opened by its key
	variable string     // the variable the key is read from at start
	canSave  bool       // an OS keyring was offered
	byok     *wire.BYOK // the own-key door's provider and default model, nil until the account is known
	back     bool       // a composer takes a refused text back
	attended bool       // the person reached the field: it takes text
	bad      string     // why the last text was not kept, "" when none
	in       ui.LineInput
	w, h     int
}

// NotAKey hands a text given as the model key that is not one back to the
// composer: the person typed words where the key field was.
type NotAKey struct {
	action
	Text string
}

// NewKey asks for the model key after refusal (nil when the person asked);
// variable is where the key is read from at start, and canSave offers the
// OS keyring.
func NewKey(ctx *ui.Context, refusal *Refusal, variable string, canSave bool) *Key {
	return &Key{ctx: ctx, refusal: refusal, variable: variable, canSave: canSave, attended: true}
}

// SetBack says whether a composer takes a refused text back (a session is
// open); else a refused text stays in the field, not kept.
func (d *Key) SetBack(on bool) { d.back = on }

// Safe closes it, keeping no key; the field is cleared. Words typed in it
// (a text with spaces) go back to the composer, when one takes them; a
// word is dropped (a key, or part of one, never goes to the composer).
func (d *Key) Safe() ui.Action {
	typed := d.in.String()
	d.in.Set("")
	if !d.back || !words(typed) {
		return nil
	}
	return NotAKey{Text: typed}
}

// words reports whether a text given as the key is words, not a key's
// try: it has spaces inside.
func words(s string) bool { return strings.ContainsAny(strings.TrimSpace(s), " \t\n\r") }

// Kind is Field: it takes the key.
func (d *Key) Kind() Kind { return Field }

func (d *Key) attend(on bool) { d.attended = on }

// Fill puts k in the field: a key typed before the person reached it.
func (d *Key) Fill(k string) { d.in.Set(k) }

// SetBYOK says the own-key door's provider and default model (the
// account's byok), for the dialog's words.
func (d *Key) SetBYOK(b *wire.BYOK) { d.byok = b }

// KeyCures reports whether a refusal's code is one a model key cures.
func KeyCures(code string) bool {
	switch code {
	case wire.CodeModelKeyRequired, wire.CodeOutOfCredit, wire.CodeCreditPoolExhausted:
		return true
	}
	return false
}

// ShortHelp lists the dialog's keys.
func (d *Key) ShortHelp() []key.Binding {
	k := &d.ctx.Keys
	if d.canSave {
		return []key.Binding{k.Save, k.SaveKeyring, k.Dismiss}
	}
	return []key.Binding{k.Save, k.Dismiss}
}

// FullHelp lists the dialog's keys.
func (d *Key) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// SetSize takes the screen's size.
func (d *Key) SetSize(w, h int) { d.w, d.h = w, h }

// Update edits the key; enter keeps it, the keyring key keeps and saves it,
// esc dismisses it. An empty field keeps nothing.
func (d *Key) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	k := &d.ctx.Keys
	switch msg := msg.(type) {
	case tea.PasteMsg:
		d.in.Insert(msg.Content)
	case tea.KeyPressMsg:
		save := d.canSave && key.Matches(msg, k.SaveKeyring)
		switch {
		case save || key.Matches(msg, k.Save):
			return nil, d.give(save)
		case key.Matches(msg, k.Dismiss):
			d.in.Set("")
			return nil, ui.Close{}
		}
		d.in.Update(msg)
	}
	return nil, nil
}

// give keeps the key in the field, when it is of a key's shape; else it
// says why not, and the text goes back to the composer when one takes it.
func (d *Key) give(save bool) ui.Action {
	typed := d.in.String()
	given := strings.TrimSpace(typed)
	if given == "" {
		return nil
	}
	if why := KeyShape(given, d.byok); why != "" {
		d.bad = "not kept: " + why
		if !d.back || !words(given) {
			return nil // a word stays, masked, to be put right (a key's part never goes to the composer)
		}
		d.bad += ": your words went to the composer"
		d.in.Set("")
		return NotAKey{Text: typed}
	}
	d.in.Set("")
	d.bad = ""
	return ui.Batch{ui.Close{}, GiveKey{Key: given, Save: save}}
}

// View draws the dialog: what the refusal means and the ways in, in a
// person's words, the host's own words whole under them, the masked field
// and the keys. The headers are a detail.
func (d *Key) View() string {
	c, st := d.ctx, d.ctx.Styles
	var b strings.Builder
	if r := d.refusal; r != nil {
		if h := ui.DoorsHeadline(r.Code, r.Funding); h != "" {
			b.WriteString(st.StatusError.Render(h) + "\n")
		}
		for _, l := range ui.DoorLines(r.Doors, d.byok, r.Code, r.Funding) {
			b.WriteString("→ " + l + "\n")
		}
		b.WriteString("\n" + st.KeyDesc.Render("The host said: "+ui.SanitizeLine(r.Code)+": ") + ui.SanitizeLine(r.Message) + "\n\n")
	} else {
		b.WriteString("→ " + ui.KeyDoor(d.byok, "") + "\n\n")
	}
	b.WriteString("Your " + ui.ModelKeyName(d.byok) + ", for every request from the next one on:\n")
	switch {
	case !d.attended:
		b.WriteString(st.KeyDesc.Render("("+ui.KeyName(c.Keys.Save)+" or "+ui.KeyName(c.Keys.Panes)+
			" puts the cursor here, or paste your key; until then what you type goes on under this dialog)") + "\n")
	default:
		b.WriteString(st.Body.Render(strings.Repeat("•", min(len([]rune(d.in.String())), 48))) + st.Key.Render("▏") + "\n")
	}
	if d.bad != "" {
		b.WriteString(st.StatusError.Render("✗ "+d.bad) + "\n")
	}
	b.WriteString(st.KeyDesc.Render("Kept in memory for this run; never shown, logged or written to a file. At start it is read from $" +
		ui.SanitizeLine(d.variable)))
	if d.canSave {
		b.WriteString(st.KeyDesc.Render(", then from the OS keyring"))
	}
	b.WriteString(st.KeyDesc.Render(".") + "\n\n")
	hs := []string{c.Hint(c.Keys.Save, "keeps it")}
	if d.canSave {
		hs = append(hs, c.Hint(c.Keys.SaveKeyring, "keeps it and saves it in the OS keyring"))
	}
	dismiss := "dismisses"
	if d.refusal != nil && !d.refusal.Create {
		dismiss = "dismisses (your text stays in the composer)"
	}
	hs = append(hs, c.Hint(c.Keys.Dismiss, dismiss))
	b.WriteString(c.Hints(hs...))
	return ui.Box(st, "Model key", b.String(), d.w, d.h)
}
