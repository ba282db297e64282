package dialog

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Offer offers to take over a session another terminal of the person
// drives, or to watch it. It stays until the claim is answered.
//
// Text is never lost to it: a printable key it does not bind goes to the
// composer (the person was typing without looking). Once text went there, t
// and w are text too, and enter takes over, esc watches. Opened by enter on
// text (FromText), its letters are text from the start: the next words must
// not answer it.
type Offer struct {
	ctx    *ui.Context
	gen    int           // the session's generation
	holder *client.Lease // the other terminal's lease
	kept   bool          // text typed here went to the composer
	w, h   int
}

// NewOffer offers to take over the session of generation gen from holder.
func NewOffer(ctx *ui.Context, gen int, holder *client.Lease) *Offer {
	return &Offer{ctx: ctx, gen: gen, holder: holder}
}

// ShortHelp lists the dialog's keys.
func (d *Offer) ShortHelp() []key.Binding {
	return []key.Binding{d.ctx.Keys.Takeover, d.ctx.Keys.Watch}
}

// FullHelp lists the dialog's keys.
func (d *Offer) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// SetSize takes the screen's size.
func (d *Offer) SetSize(w, h int) { d.w, d.h = w, h }

// FromText marks the offer as opened by enter on text: every letter is
// text, enter takes over (sending nothing: the text waits in the
// composer), esc watches.
func (d *Offer) FromText() { d.kept = true }

// Update takes over or watches, and hands text typed at it to the composer.
func (d *Offer) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	keys := &d.ctx.Keys
	text := k.Text != ""
	switch {
	case text && d.kept:
		return nil, Typed{Key: k}
	case key.Matches(k, keys.Takeover), d.kept && key.Matches(k, keys.Send):
		return nil, TakeOver{Gen: d.gen}
	case key.Matches(k, keys.Watch):
		return nil, ui.Batch{ui.Close{}, Watch{Gen: d.gen}}
	case text:
		d.kept = true
		return nil, Typed{Key: k}
	}
	return nil, nil
}

// View draws the offer.
func (d *Offer) View() string {
	c := d.ctx
	who := "your other terminal"
	if d.holder != nil && d.holder.ClientID != "" {
		who = ui.OtherTerminal(d.holder.ClientID, c.ClientID)
	}
	watch := " watch from here: " + ui.KeyName(c.Keys.Send) + " then offers this again"
	if d.kept {
		body := "This session is driven from " + who + ". What you typed waits in the composer.\n\n" +
			c.Hint(c.Keys.Send, " take over: that terminal becomes a watcher") + "\n" +
			c.Hint(c.Keys.Dismiss, watch)
		return ui.Box(c.Styles, "Take over or watch?", body, d.w, d.h)
	}
	body := "This session is driven from " + who + ".\n\n" +
		c.Hint(c.Keys.Takeover, " take over: that terminal becomes a watcher") + "\n" +
		c.Hint(c.Keys.Watch, watch)
	return ui.Box(c.Styles, "Take over or watch?", body, d.w, d.h)
}
