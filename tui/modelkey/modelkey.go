// Package modelkey is the model key's flow: a refusal a key would cure
// kept with the doors the host named (Refused), the key dialog made for it
// or on the person's key (Dialog), the key given (Give: used from the next
// request, kept in the OS keyring when asked, a create it cures made
// again) and what the keyring said (Update). The root holds the client and
// the overlay stack: what it must do comes back as a closed set of actions
// (Offer, Use), with ui's own (Note, Failed). It reads the shared
// ui.Context and never writes it; of the components it imports only dialog.
package modelkey

import (
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Flow is the model key's flow: the key given during this run, and the
// last refusal that named the doors.
type Flow struct {
	ctx      *ui.Context
	variable string             // the variable the key is read from at start
	save     func(string) error // keeps the key in the OS keyring; nil: there is none
	given    bool               // a model key was given in the key dialog during this run
	refusal  *dialog.Refusal    // the last refusal that named the doors
}

// New is the flow of a key read from variable at start ("" for
// VEHICLE_MODEL_KEY), kept in the OS keyring with save (nil: none).
func New(ctx *ui.Context, variable string, save func(string) error) *Flow {
	if variable == "" {
		variable = "VEHICLE_MODEL_KEY"
	}
	return &Flow{ctx: ctx, variable: variable, save: save}
}

// Variable is the variable the key is read from at start.
func (f *Flow) Variable() string { return f.variable }

// Given reports whether a model key was given during this run.
func (f *Flow) Given() bool { return f.given }

// Refusal is the last refusal that named the doors, nil when none (or a
// send went through since).
func (f *Flow) Refusal() *dialog.Refusal { return f.refusal }

// Forget forgets the refusal: a text went through since.
func (f *Flow) Forget() { f.refusal = nil }

// Dialog is the key dialog after the refusal r (nil when the person asked
// for it): back says a composer takes a text that is not a key back, byok
// is the own-key door's provider and default model (nil until the account
// is known).
func (f *Flow) Dialog(r *dialog.Refusal, back bool, byok *wire.BYOK) *dialog.Key {
	d := dialog.NewKey(f.ctx, r, f.variable, f.save != nil)
	d.SetBack(back)
	d.SetBYOK(byok)
	return d
}

// Refused keeps a refusal that names the doors, and offers the key dialog
// when a key would cure it; create says the refusal was a create's,
// funding is the refused session's ("" at create).
func (f *Flow) Refused(err error, create bool, funding string) ui.Action {
	var e *wire.Error
	if !errors.As(err, &e) {
		return nil
	}
	d := e.Doors()
	cures := dialog.KeyCures(e.Code)
	if d == nil && !cures {
		return nil
	}
	f.refusal = &dialog.Refusal{Code: e.Code, Message: e.Message, Doors: d, Create: create && cures}
	if !create {
		f.refusal.Funding = funding
	}
	if !cures {
		return nil
	}
	return Offer{Refusal: f.refusal}
}

// SavedMsg answers saving the model key in the OS keyring.
type SavedMsg struct{ Err error }

// Give takes the key k the person gave: it goes with every request from
// now on (Use) and, when save, into the OS keyring; a create it cures is
// made again, and a refused text (draft: the composer holds text) waits
// for the send key, as the note says.
func (f *Flow) Give(k string, save, draft bool) (tea.Cmd, ui.Action) {
	f.given = true
	r := f.refusal
	f.refusal = nil
	said := "your model key goes with every request from now on"
	again := r != nil && r.Create
	switch {
	case again:
		said += ": starting the session again…"
	case draft:
		said += ": " + ui.KeyName(f.ctx.Keys.Send) + " sends your text again"
	}
	var cmd tea.Cmd
	if store := f.save; save && store != nil {
		cmd = func() tea.Msg { return SavedMsg{Err: store(k)} }
	}
	return cmd, ui.Join(Use{Key: k, Again: again}, ui.Failed{}, ui.Note{Text: said})
}

// Update says whether the key is in the OS keyring for the next start;
// draft says the composer holds a refused text.
func (f *Flow) Update(msg SavedMsg, draft bool) ui.Action {
	if msg.Err != nil {
		return ui.Failed{Err: fmt.Errorf("the model key was not saved in the OS keyring (%w): it is kept for this run only; to keep it, set $%s",
			msg.Err, f.variable)}
	}
	said := "your model key is saved in the OS keyring (its own entry)"
	if draft {
		said += ": " + ui.KeyName(f.ctx.Keys.Send) + " sends your text again"
	}
	return ui.Note{Text: said}
}
