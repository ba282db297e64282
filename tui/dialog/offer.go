package dialog

import (
	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Offer offers to take over a session another terminal of the person
// drives, or to watch it: a Choice, watching marked (the safe answer of
// enter, esc and ctrl+c). Taking over keeps it open until the claim is
// answered. The program opens it (a claim's answer, enter on text), so the
// rule of every dialog holds: t and w only mark their answers, and words
// typed at it go on to the composer, whole.
type Offer struct {
	Choice
	gen int // the session's generation
}

// NewOffer offers to take over the session of generation gen from holder.
func NewOffer(ctx *ui.Context, gen int, holder *wire.Lease) *Offer {
	who := "your other terminal"
	if holder != nil && holder.ClientID != "" {
		who = ui.OtherTerminal(holder.ClientID, ctx.ClientID)
	}
	d := &Offer{gen: gen}
	d.Choice = *NewChoice(ctx, "Take over or watch?", "This session is driven from "+who+".", []Option{
		{Label: "watch from here: " + ui.KeyName(ctx.Keys.Send) + " in the composer offers this again", Short: "watch",
			Key: Letters(ctx.Keys.Watch), Act: Watch{Gen: gen}},
		{Label: "take over: that terminal becomes a watcher", Key: Letters(ctx.Keys.Takeover),
			Act: TakeOver{Gen: gen}, Stays: true},
	}, 0)
	d.under = "What you typed waits in the composer."
	return d
}

// Gen is the generation of the session offered.
func (d *Offer) Gen() int { return d.gen }

// FromText marks the offer as opened by enter on text: the text waits in
// the composer.
func (d *Offer) FromText() { d.passed = true }

// Offer shows d, the take-over offer of a tile with the focus, over the
// screen (sized width x height), in place of the one showing: the program
// opens it, so what was typed before goes on to the composer.
func (s *Stack) Offer(d *Offer, width, height int) {
	s.Drop(Is[*Offer])
	s.Push(d, width, height, false)
}

// Reoffer shows the offer of the tile with the focus (of generation gen,
// -1 for none), when one waits for an answer there (held by holder, nil
// when none waits), and no other: the offer is its tile's.
func (s *Stack) Reoffer(ctx *ui.Context, gen int, holder *wire.Lease, width, height int) {
	shown := false
	s.Drop(func(o ui.Component) bool {
		d, ok := o.(*Offer)
		shown = shown || ok && d.gen == gen
		return ok && d.gen != gen
	})
	if gen >= 0 && holder != nil && !shown {
		s.Offer(NewOffer(ctx, gen, holder), width, height)
	}
}
