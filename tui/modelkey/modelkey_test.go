package modelkey

import (
	"errors"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// said is the last note a says.
func said(a ui.Action) string {
	n := "(none)"
	for _, x := range uitest.Actions(a) {
		if t, ok := x.(ui.Note); ok {
			n = t.Text
		}
	}
	return n
}

// refusal is the host's refusal of code, with the doors named.
func refusal(code string) error {
	return &wire.Error{Status: 402, Code: code, Message: "the credit is spent"}
}

// TestKeySavedSays: saving the key says so, and a keyring that refuses it
// says the key is kept for this run only and how to keep it (moved from
// the root's TestKeySavedSays).
func TestKeySavedSays(t *testing.T) {
	t.Parallel()
	f := New(uitest.Context(), "", nil)
	if act := f.Update(SavedMsg{}, true); said(act) != "your model key is saved in the OS keyring (its own entry): enter sends your text again" {
		t.Errorf("after saving: %q", said(act))
	}
	if act := f.Update(SavedMsg{}, false); said(act) != "your model key is saved in the OS keyring (its own entry)" {
		t.Errorf("after saving, no draft: %q", said(act))
	}
	f = New(uitest.Context(), "MINE", nil)
	act, ok := f.Update(SavedMsg{Err: errors.New("the keyring is locked")}, true).(ui.Failed)
	if e := act.Err.Error(); !ok || !strings.Contains(e, "the keyring is locked") || !strings.Contains(e, "for this run only") || !strings.Contains(e, "$MINE") {
		t.Errorf("a refused save says %#v", act)
	}
	if New(uitest.Context(), "", nil).Variable() != "VEHICLE_MODEL_KEY" {
		t.Error("the default variable is not VEHICLE_MODEL_KEY")
	}
}

// TestRefusedOffersTheKey: a refusal a key cures is kept, with its doors
// and the session's funding, and offers the key dialog; a create's is made
// again once the key is given; a refusal no key cures and that names no
// doors, or no host's refusal at all, is not kept.
func TestRefusedOffersTheKey(t *testing.T) {
	t.Parallel()
	f := New(uitest.Context(), "", nil)
	act := f.Refused(refusal(wire.CodeOutOfCredit), false, "credit")
	o, ok := act.(Offer)
	if !ok || o.Refusal != f.Refusal() || o.Refusal.Code != wire.CodeOutOfCredit || o.Refusal.Funding != "credit" || o.Refusal.Create {
		t.Fatalf("a refusal a key cures: %#v", act)
	}
	if act := f.Refused(errors.New("not the host's"), false, ""); act != nil || f.Refusal() != o.Refusal {
		t.Errorf("a failure that is not the host's refusal: %#v", act)
	}
	if act := f.Refused(&wire.Error{Status: 409, Code: "conflict"}, false, ""); act != nil || f.Refusal() != o.Refusal {
		t.Errorf("a refusal no key cures: %#v", act)
	}
	f.Forget()
	if f.Refusal() != nil {
		t.Error("a refusal is kept after a text went through")
	}
	f.Refused(refusal(wire.CodeModelKeyRequired), true, "credit")
	if r := f.Refusal(); r == nil || !r.Create || r.Funding != "" {
		t.Fatalf("a create's refusal: %#v", r)
	}
	cmd, act := f.Give("sk-or-v1-abc", false, true)
	if u, ok := uitest.Actions(act)[0].(Use); !ok || u.Key != "sk-or-v1-abc" || !u.Again || cmd != nil {
		t.Errorf("the key given after a create's refusal: %v (cmd %v)", uitest.Actions(act), cmd != nil)
	}
	if said(act) != "your model key goes with every request from now on: starting the session again…" || f.Refusal() != nil || !f.Given() {
		t.Errorf("after the key: %q, refusal %v, given %v", said(act), f.Refusal(), f.Given())
	}
}

// TestGiveKeepsTheKey: the key given goes with the requests (Use) and,
// when asked, into the OS keyring; a refused text waits for the send key,
// as the note says.
func TestGiveKeepsTheKey(t *testing.T) {
	t.Parallel()
	var stored string
	f := New(uitest.Context(), "", func(k string) error { stored = k; return nil })
	cmd, act := f.Give("sk-1", true, true)
	if u, ok := uitest.Actions(act)[0].(Use); !ok || u.Again || said(act) != "your model key goes with every request from now on: enter sends your text again" {
		t.Errorf("the key given with a draft: %v", uitest.Actions(act))
	}
	if cmd == nil {
		t.Fatal("no keyring command")
	}
	if msg := cmd().(SavedMsg); msg.Err != nil || stored != "sk-1" {
		t.Errorf("the keyring kept %q: %v", stored, msg.Err)
	}
	if cmd, act := f.Give("sk-2", false, false); cmd != nil || said(act) != "your model key goes with every request from now on" {
		t.Errorf("not saved, no draft: %q (cmd %v)", said(act), cmd != nil)
	}
	d := f.Dialog(nil, true, &wire.BYOK{Provider: "openrouter"})
	d.SetSize(100, 30)
	if !strings.Contains(d.View(), "VEHICLE_MODEL_KEY") {
		t.Errorf("the dialog does not name the variable:\n%s", d.View())
	}
	for _, a := range []ui.Action{Offer{}, Use{}} {
		if a.Source() != ui.FromModelKey {
			t.Errorf("%T is of source %d", a, a.Source())
		}
	}
}
