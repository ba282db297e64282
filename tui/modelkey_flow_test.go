package tui

import (
	"context"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/session"
)

const testModelKey = "sk-or-v1-test-5ec2e7"

// boxed is a screen's text with the dialog's borders taken out and every
// run of spaces made one, so that wrapped sentences can be found whole.
func boxed(s string) string {
	s = strings.NewReplacer("│", " ", "╭", " ", "╮", " ", "╰", " ", "╯", " ", "─", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// seeBoxed waits until the screen, borders taken out, shows every text.
func (h *harness) seeBoxed(texts ...string) string {
	h.t.Helper()
	return h.until(strings.Join(texts, " and "), func(s string) bool {
		b := boxed(s)
		for _, t := range texts {
			if !strings.Contains(b, t) {
				return false
			}
		}
		return true
	})
}

// neverShown fails when the key was ever drawn on the screen.
func neverShown(t *testing.T, h *harness) {
	t.Helper()
	if s := screen(h.m); strings.Contains(s, testModelKey) || strings.Contains(h.m.LastError(), testModelKey) {
		t.Fatalf("the model key is on the screen:\n%s", s)
	}
}

// deeOnPublic is a host whose graph demo is public, and Dee's client: a
// Sophia account with a verified email (its signup credit).
func deeOnPublic(t *testing.T) (*vehicletest.Server, *client.Client) {
	t.Helper()
	dee := vehicletest.Person{Token: "dee-token", Principal: "cognito:dee", Name: "Dee",
		Kind: client.AccountAccount, Email: "dee@example.com", EmailVerified: true}
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs(), vehicletest.WithPublicGraphs("demo"),
		vehicletest.WithPeople(dee))
	return srv, person(t, srv, "dee-token", "cli-dee")
}

// TestKeyCuresOutOfCredit: an account runs out of credit, the send is
// refused, the key dialog opens with the host's words whole, the key typed
// into it is masked and kept, and the refused text goes again with enter:
// the session now runs on the key, and the credit's warning is gone.
func TestKeyCuresOutOfCredit(t *testing.T) {
	t.Parallel()
	srv, c := deeOnPublic(t)
	id := newSession(t, c, "Credit")
	srv.SpendCredit("cognito:dee", 0.5001)
	cfg := hostConfig(t, c)
	cfg.SessionID = id
	var mu sync.Mutex
	var saved []string
	cfg.SaveModelKey = func(k string) error { mu.Lock(); saved = append(saved, k); mu.Unlock(); return nil }
	a := drive(t, "dee", cfg, 100, 34)
	a.see("dee@example.com (verified)", "credit: you owe $0.0001 · $0.50 granted · $0.5001 spent",
		"✗ no credit left: the next turn is refused; f5 gives your key", "your own key: openrouter")

	a.send(typing("after the credit")...)
	a.send(keyEnter)
	a.seeBoxed("Model key", "Your account's credit is spent. To keep talking:",
		"→ your own OpenRouter key: the conversation runs on it, on openrouter/openai/gpt-6-luna unless you pick a model (it goes as the X-Model-Key header)",
		"The host said: out_of_credit: ", "ctrl+s keeps it and saves it in the OS keyring", "esc dismisses (your text stays in the composer)")
	if strings.Contains(boxed(screen(a.m)), "a Sophia account with credit") {
		t.Errorf("an account out of credit is offered an account's credit:\n%s", screen(a.m))
	}
	a.send(tea.PasteMsg{Content: testModelKey + "\n"})
	a.see(strings.Repeat("•", len(testModelKey)) + "▏")
	neverShown(t, a)
	a.send(keyEnter)
	a.see("your model key goes with every request from now on: enter sends", "┃ after the credit")
	if a.m.top() != nil {
		t.Fatal("the dialog stayed open after enter")
	}
	a.send(keyEnter)
	a.see("You said: after the credit", "yours goes with every")
	neverShown(t, a)
	if strings.Contains(screen(a.m), "no credit left") {
		t.Errorf("the credit warning stayed after the key:\n%s", screen(a.m))
	}
	snap, err := c.Inspect(context.Background(), id)
	if err != nil || snap.Session.Funding != "byok" {
		t.Errorf("the session after the key: %v, funding %q; want byok", err, snap.Session.Funding)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(saved) != 0 {
		t.Errorf("enter saved the key in the keyring: %d saves", len(saved))
	}
}

// TestKeyDialogDismissed: esc closes the dialog, no key is sent, and the
// refused text stays in the composer.
func TestKeyDialogDismissed(t *testing.T) {
	t.Parallel()
	dee := vehicletest.Person{Token: "dee-token", Principal: "cognito:dee", Name: "Dee", Kind: client.AccountAccount,
		Email: "dee@example.com"} // not verified: no signup credit
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs(), vehicletest.WithPublicGraphs("demo"),
		vehicletest.WithPeople(dee))
	c := person(t, srv, "dee-token", "cli-dee")
	id := newSession(t, c, "Credit")
	cfg := hostConfig(t, c)
	cfg.SessionID = id
	a := drive(t, "dee", cfg, 100, 30)
	a.see("dee@example.com (not verified)", "credit: none left · $0.00 granted · $0.00 spent")
	a.send(typing("still here")...)
	a.send(keyEnter)
	a.see("Model key")
	a.send(keyTab) // to the field
	a.send(typing("sk-half")...)
	a.send(keyEsc)
	a.until("the dialog closed", func(string) bool { return a.m.top() == nil })
	if a.m.composer.Value() != "still here" || c.ModelKey() != "" {
		t.Errorf("after esc: composer %q, key set %v", a.m.composer.Value(), c.ModelKey() != "")
	}
	a.see("f5 gives your model key now; or set $VEHICLE_MODEL_KEY and start again")
}

// TestKeyAtCreate: a visitor with no key is refused at create; the dialog
// shows the seed's two doors whole at a narrow width and names the
// variable configured; ctrl+s keeps the key, saves it, and the session is
// made again, on the key.
func TestKeyAtCreate(t *testing.T) {
	t.Parallel()
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs(), vehicletest.WithPublicGraphs("demo"))
	c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithVisitorID("visitor-1234"), client.WithClientID("cli-v"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := hostConfig(t, c)
	cfg.New, cfg.ModelKeyEnv = true, "MY_OPENROUTER_KEY"
	var mu sync.Mutex
	var saved []string
	cfg.SaveModelKey = func(k string) error { mu.Lock(); saved = append(saved, k); mu.Unlock(); return nil }
	a := drive(t, "visitor", cfg, 60, 30)
	a.seeBoxed("This conversation needs someone to pay for the model. Either:",
		"→ your own OpenRouter key: the conversation runs on it, on openrouter/openai/gpt-6-luna unless you pick a model (it goes as the X-Model-Key header)",
		"→ a Sophia account with credit: its credit pays once you sign in (vehicle login, then start again; its token goes as the Authorization header)",
		"The host said: model_key_required: a conversation here needs a model key",
		"Your OpenRouter key, for every request from the next one on:",
		"read from $MY_OPENROUTER_KEY, then from the OS keyring")
	if strings.Contains(boxed(screen(a.m)), "your text stays") {
		t.Errorf("the dialog at create speaks of a text in the composer:\n%s", screen(a.m))
	}
	if strings.Contains(screen(a.m), "VEHICLE_MODEL_KEY") {
		t.Errorf("the hint names VEHICLE_MODEL_KEY, not the variable configured:\n%s", screen(a.m))
	}
	a.send(typing(testModelKey)...)
	neverShown(t, a)
	a.send(keyCtrlS)
	a.see("● you drive", "yours goes with every") // narrow: the short lease line
	if strings.Contains(screen(a.m), "ways in:") {
		t.Errorf("the doors stay after the key:\n%s", screen(a.m))
	}
	neverShown(t, a)
	mu.Lock()
	if len(saved) != 1 || saved[0] != testModelKey {
		t.Errorf("saved %d keys, want the one typed", len(saved))
	}
	mu.Unlock()
	list, err := c.List(context.Background())
	if err != nil || len(list) != 1 || list[0].Funding != "byok" {
		t.Fatalf("sessions after the key: %v %+v", err, list)
	}
}

// TestKeyDialogAnyTime: ctrl+g opens the dialog with no refusal, in the
// session and in the picker; ctrl+k stays the composer's delete to the end
// of the line.
func TestKeyDialogAnyTime(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Keys")
	cfg := hostConfig(t, ada)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 100, 30)
	a.see("● you drive from this terminal")
	a.send(typing("keep this")...)
	a.send(tea.KeyPressMsg{Code: tea.KeyHome}, tea.KeyPressMsg{Code: 'k', Mod: tea.ModCtrl})
	if v := a.m.composer.Value(); v != "" {
		t.Errorf("ctrl+k at the start left %q", v)
	}
	a.send(keyModelKey)
	a.seeBoxed("Model key", "→ your own model key: the conversation runs on it (it goes as the X-Model-Key header)",
		"Your model key, for every request from the next one on:", "esc dismisses")
	if strings.Contains(boxed(screen(a.m)), "ctrl+s keeps it") {
		t.Error("the dialog offers the keyring with no keyring configured")
	}
	a.send(keyEsc, keyCtrlO)
	a.see("Keys")
	a.send(keyModelKey)
	a.see("Model key")
}

// TestKeyDialogOpensOnCuringRefusals: each refusal a key cures opens the
// dialog with the host's message whole; another refusal does not.
func TestKeyDialogOpensOnCuringRefusals(t *testing.T) {
	t.Parallel()
	long := "today's credit for everyone is spent: send your own key as X-Model-Key, or come back tomorrow (UTC); " +
		"this sentence goes on past the status line's width so that only a whole message passes"
	for _, tc := range []struct {
		code  string
		opens bool
	}{
		{client.CodeModelKeyRequired, true},
		{client.CodeOutOfCredit, true},
		{client.CodeCreditPoolExhausted, true},
		{client.CodeDailyTurnLimit, false},
	} {
		t.Run(tc.code, func(t *testing.T) {
			m := opened(t, testConfig(t), 80, 30, publicSnapshot("credit", 2), nil)
			err := &client.Error{Status: client.StatusOf(tc.code), Code: tc.code, Message: long}
			feed(m, append(typing("refused text"), keyEnter, session.SentMsg{Gen: m.tiles.Gen(), Out: session.Outgoing{Op: client.OpPrompt, Text: "refused text"}, Err: err})...)
			_, open := m.top().(*dialog.Key)
			if open != tc.opens {
				t.Fatalf("dialog open %v, want %v:\n%s", open, tc.opens, screen(m))
			}
			squeeze := func(s string) string { return strings.Join(strings.Fields(s), "") }
			if open && !strings.Contains(squeeze(boxed(xansi.Strip(m.top().View()))), squeeze(tc.code+": "+long)) {
				t.Errorf("the message is not whole:\n%s", screen(m))
			}
			if m.composer.Value() != "refused text" {
				t.Errorf("composer %q after the refusal", m.composer.Value())
			}
		})
	}
}
