package dialog

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// aKey is a model key of OpenRouter's shape (not a real one).
const aKey = "sk-or-v1-0123456789abcdef0123456789abcdef"

// keyDialog is the model key dialog opened by its key, at 80x24.
func keyDialog(canSave bool) *Key {
	d := NewKey(uitest.Context(), nil, "VEHICLE_MODEL_KEY", canSave)
	d.SetSize(80, 24)
	return d
}

// TestKeyDialogReportsTheKey: enter reports the key given, trimmed, and
// closes; with a keyring, ctrl+s reports it to be saved there too; an
// empty field (or blanks) reports nothing and stays open; esc closes with
// no key.
func TestKeyDialogReportsTheKey(t *testing.T) {
	cases := []struct {
		name    string
		canSave bool
		typed   string
		key     tea.KeyPressMsg
		want    []ui.Action
	}{
		{"enter keeps it", true, " " + aKey + " ", enter, []ui.Action{ui.Close{}, GiveKey{Key: aKey}}},
		{"ctrl+s saves it", true, aKey, ctrl('s'), []ui.Action{ui.Close{}, GiveKey{Key: aKey, Save: true}}},
		{"ctrl+s with no keyring", false, "sk", ctrl('s'), nil},
		{"empty field", true, "", enter, nil},
		{"blanks", true, "   ", enter, nil},
		{"empty field, ctrl+s", true, "", ctrl('s'), nil},
		{"esc", true, aKey, esc, []ui.Action{ui.Close{}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := keyDialog(c.canSave)
			if act := typeIn(d, c.typed); act != nil {
				t.Fatalf("typing reported %#v", act)
			}
			_, act := d.Update(c.key)
			reports(t, c.key.String(), act, c.want...)
			if c.want != nil && d.in.String() != "" {
				t.Errorf("the dialog kept the key after %s: %q", c.key, d.in.String())
			}
		})
	}
}

// TestKeyDialogNeverDrawsTheKey: the field shows a dot a rune (48 at
// most), never the key; a paste goes in; backspace takes a rune back.
func TestKeyDialogNeverDrawsTheKey(t *testing.T) {
	d := keyDialog(true)
	typeIn(d, "sk-or-")
	d.Update(tea.PasteMsg{Content: "pasted-secret"})
	v := plain(d)
	if strings.Contains(v, "sk-or") || strings.Contains(v, "secret") {
		t.Fatalf("the key is drawn:\n%s", v)
	}
	if !strings.Contains(v, strings.Repeat("•", 19)+"▏") || strings.Contains(v, strings.Repeat("•", 20)) {
		t.Errorf("19 runes are not 19 dots:\n%s", v)
	}
	d.Update(bksp)
	if got := d.in.String(); got != "sk-or-pasted-secre" {
		t.Errorf("after backspace the field holds %q", got)
	}
	d.Update(tea.PasteMsg{Content: strings.Repeat("k", 100)})
	if v := plain(d); strings.Contains(v, strings.Repeat("•", 49)) {
		t.Errorf("more than 48 dots:\n%s", v)
	}
	_, act := d.Update(enter)
	if g, ok := actions(act)[1].(GiveKey); !ok || len(g.Key) != 118 {
		t.Errorf("enter reported %#v", act)
	}
	if _, act := d.Update(tea.WindowSizeMsg{Width: 10}); act != nil {
		t.Errorf("a resize reported %#v", act)
	}
}

// TestKeyDialogWords: opened by its key, it says the own-key door, what the
// key is for and where it is read from, and the keyring only when there is
// one; after a refusal it says what the refusal means, the ways in, the
// host's own words whole, and that the text waits in the composer.
func TestKeyDialogWords(t *testing.T) {
	d := keyDialog(true)
	d.SetBYOK(&wire.BYOK{Provider: "openrouter", DefaultModel: "openrouter/openai/gpt-6-luna"})
	says(t, d, "Model key", "→ your own OpenRouter key: the conversation runs on it, on openrouter/openai/gpt-6-luna unless you pick a model",
		"Your OpenRouter key, for every request from the next one on:",
		"At start it is read from $VEHICLE_MODEL_KEY, then from the OS keyring.",
		"enter keeps it", "ctrl+s keeps it and saves it in the OS keyring", "esc dismisses")
	if !keyHelpHas(d, "ctrl+s") {
		t.Error("its help lacks ctrl+s")
	}

	bare := keyDialog(false)
	says(t, bare, "→ your own model key", "Your model key, for every request", "read from $VEHICLE_MODEL_KEY.")
	if s := flat(bare); strings.Contains(s, "keyring") {
		t.Errorf("with no keyring it offers one: %s", s)
	}
	if keyHelpHas(bare, "ctrl+s") {
		t.Error("with no keyring its help lists ctrl+s")
	}

	refused := &Refusal{Code: wire.CodeModelKeyRequired, Message: "a key\x1b[2J is needed",
		Doors: &wire.Doors{BYOK: wire.Door{Header: "X-Model-Key"}, Account: wire.Door{Header: "Authorization"}}, Funding: "credit"}
	r := NewKey(uitest.Context(), refused, "VEHICLE_MODEL_KEY", false)
	r.SetSize(100, 30)
	says(t, r, "This conversation needs someone to pay for the model. Either:",
		"→ your own model key: the conversation runs on it (it goes as the X-Model-Key header)",
		"→ a Sophia account with credit",
		"The host said: model_key_required: a key␛[2J is needed",
		"esc dismisses (your text stays in the composer)")
	uitest.CheckInert(t, r.View())
	golden(t, "refused_for_want_of_a_key", plain(r))

	refused.Create = true
	if s := flat(r); strings.Contains(s, "composer") || !strings.Contains(s, "esc dismisses") {
		t.Errorf("at create it speaks of the composer: %s", s)
	}
	refused.Code = "strange_code"
	if s := flat(r); strings.Contains(s, "Either:") || !strings.Contains(s, "The host said: strange_code") {
		t.Errorf("a code with no headline: %s", s)
	}
}

// keyHelpHas reports whether d's help lists the key named k.
func keyHelpHas(d *Key, k string) bool {
	for _, b := range d.FullHelp()[0] {
		if b.Help().Key == k {
			return true
		}
	}
	return false
}

// TestKeyCures: the codes a model key cures.
func TestKeyCures(t *testing.T) {
	for code, want := range map[string]bool{wire.CodeModelKeyRequired: true, wire.CodeOutOfCredit: true,
		wire.CodeCreditPoolExhausted: true, wire.CodeSessionRunning: false, "": false} {
		if KeyCures(code) != want {
			t.Errorf("KeyCures(%q) = %v", code, !want)
		}
	}
}

// TestKeyShape: a model key is one word of printable ASCII, 20 to 512
// characters; an OpenRouter door's key starts sk-or-. Sentences, short
// words, other characters are not keys, each said why.
func TestKeyShape(t *testing.T) {
	or := &wire.BYOK{Provider: "openrouter"}
	cases := []struct {
		key  string
		byok *wire.BYOK
		why  string
	}{
		{aKey, or, ""},
		{aKey, nil, ""},
		{"sk-ant-api03-0123456789abcdef", nil, ""},
		{"sk-ant-api03-0123456789abcdef", or, "an OpenRouter key starts with sk-or-"},
		{"so what do I do now", or, "it has spaces, and a model key is one word"},
		{"sk-or-v1-0123\t456789abcdef0123456789", nil, "it has spaces, and a model key is one word"},
		{"sk-or-v1-0123456789abcdéf0123456789", nil, "it has characters a model key never has"},
		{"sk-or-v1-0123456789\u200babcdef0123456789", nil, "it has characters a model key never has"},
		{"sk-or-short", or, "it is too short for a model key"},
		{"sk-or-" + strings.Repeat("a", 507), or, "it is too long for a model key"},
	}
	for _, c := range cases {
		if got := KeyShape(c.key, c.byok); got != c.why {
			t.Errorf("KeyShape(%q) = %q, want %q", c.key, got, c.why)
		}
	}
}

// TestKeyFieldSaysWhy: words given as the key go back (NotAKey) and the
// field says why; a word that is no key stays, said; with no composer to
// take them, words stay too; esc gives words back and drops a word.
func TestKeyFieldSaysWhy(t *testing.T) {
	d := keyDialog(false)
	d.SetBack(true)
	typeIn(d, "so what now")
	_, act := d.Update(enter)
	reports(t, "words", act, NotAKey{Text: "so what now"})
	says(t, d, "✗ not kept: it has spaces, and a model key is one word: your words went to the composer")
	typeIn(d, "sk-or-short")
	if _, act := d.Update(enter); act != nil || d.in.String() != "sk-or-short" {
		t.Errorf("a word: %#v, the field holds %q", act, d.in.String())
	}
	says(t, d, "✗ not kept: it is too short for a model key")
	reports(t, "esc on a word", d.Safe())
	if d.in.String() != "" {
		t.Error("esc kept the word in the field")
	}
	typeIn(d, "more words")
	reports(t, "esc on words", d.Safe(), NotAKey{Text: "more words"})

	alone := keyDialog(false) // no composer: the words stay, said
	typeIn(alone, "so what now")
	if _, act := alone.Update(enter); act != nil || alone.in.String() != "so what now" {
		t.Errorf("no composer: %#v, the field holds %q", act, alone.in.String())
	}
	if alone.Kind() != Field {
		t.Errorf("the key dialog's kind is %d", alone.Kind())
	}
}

// TestStackTellsTheAccount: the account that came tells the open key
// dialog its own-key door and the open new-session form what the host
// offers; other dialogs are left as they are.
func TestStackTellsTheAccount(t *testing.T) {
	var s Stack
	d := keyDialog(true)
	form := NewNewSession(uitest.Context(), wire.CreateRequest{}, HostOffer{})
	s.Push(NewError(uitest.Context(), "Title", "body"), 100, 30, true)
	s.Push(form, 100, 30, true)
	s.Push(d, 100, 30, true)
	offer := HostOffer{Public: true, Models: []string{"m1"}, Default: "m1"}
	s.TellAccount(&wire.BYOK{Provider: "openrouter"}, offer)
	says(t, d, "→ your own OpenRouter key")
	if form.offer.Default != "m1" || !form.offer.Public {
		t.Errorf("the form was told %#v", form.offer)
	}
}
